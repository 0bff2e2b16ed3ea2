import { appointmentStatusLabels, bookingMessages, cancelMessages } from '#common/domain/booking';
import { lifecycleMessages } from '#common/domain/lifecycle';
import { bookingGateMessages, limitMessages } from '#common/domain/limits';

/** Texts of booking and "meus agendamentos". */
export const text = {
  ...bookingMessages,
  cancel: {
    ...cancelMessages,
    /** An unpaid Pix booking goes whole (DESIGN §8): said before and after. */
    wholeBookingWarning: 'Esta reserva ainda não foi paga: todos os horários dela serão cancelados juntos.',
    wholeBookingDone: `Reserva cancelada. ${lifecycleMessages.wholeBooking}`,
  },
  /** Why a booking was refused, and the step that lifts it (403 `code`, 422 and 429 limits). */
  refusal: {
    gates: bookingGateMessages,
    limits: limitMessages,
    verifyEmail: 'Confirmar meu e-mail',
    completeProfile: 'Completar meu cadastro',
    backHere: 'Depois disso, você volta para esta sala com os horários escolhidos.',
  },
  select: 'Toque nos horários livres para escolher; escolha outros dias para reservar em pacote.',
  selected: (n: number) => (n === 1 ? '1 horário escolhido' : `${n} horários escolhidos`),
  total: 'Total',
  book: 'Reservar',
  clear: 'Limpar seleção',
  loginToBook: 'Entre para reservar',
  modalTitle: 'Confirmar reserva',
  /** The confirm step: what is booked and the cancellation rule (DESIGN §5). */
  confirm: {
    hours: 'Datas e horários',
    rule: (hours: number) =>
      `Cancelamento gratuito até ${hours} horas antes de cada horário, com reembolso integral; depois disso, sem reembolso.`,
    late: (n: number, hours: number) =>
      n === 1
        ? `1 horário começa em menos de ${hours} horas: se cancelado, não terá reembolso.`
        : `${n} horários começam em menos de ${hours} horas: se cancelados, não terão reembolso.`,
  },
  method: 'Forma de pagamento',
  card: 'Cartão de crédito',
  pix: 'Pix',
  savedCard: 'Cartão',
  newCard: 'Usar um novo cartão',
  number: 'Número do cartão',
  holder: 'Nome impresso no cartão',
  month: 'Mês',
  year: 'Ano',
  cvv: 'CVV',
  pay: (total: string) => `Pagar ${total}`,
  pixTitle: 'Pague com Pix para confirmar',
  pixCopy: 'Pix copia e cola',
  copy: 'Copiar código',
  copied: 'Copiado!',
  pixExpires: (m: string) => `Os horários ficam reservados por ${m}. Depois disso, são liberados.`,
  pixHint:
    'Leia o QR Code com o app do seu banco ou use o Pix copia e cola abaixo. A confirmação chega por e-mail.',
  pixQrAlt: 'QR Code do Pix para pagar no app do banco',
  pixWaiting: 'Aguardando pagamento...',
  pixPaidTitle: 'Pagamento recebido',
  pixPaid: 'Sua reserva está confirmada. Enviamos os detalhes por e-mail.',
  pixSeeMine: 'Ver meus agendamentos',
  pixExpired: 'O prazo do Pix acabou e os horários foram liberados. Faça uma nova reserva.',
  pixCanceled: 'Esta reserva foi cancelada e os horários foram liberados. Se quiser, faça uma nova reserva.',
  pixRefund: (amount: string) => `O valor pago (${amount}) será devolvido.`,
  pixSimulate: 'Simular pagamento',
  close: 'Fechar',
  /** The card paid but held for the issuer's review: the webhook settles it later. */
  review: {
    title: 'Pagamento em análise',
    message: 'Pagamento em análise pelo emissor; avisaremos por e-mail.',
    waiting: 'Os horários ficam reservados enquanto o emissor analisa.',
    paid: 'Pagamento aprovado. Sua reserva está confirmada.',
    failed:
      'O emissor recusou o pagamento e os horários foram liberados. Faça uma nova reserva com outro cartão ou com Pix.',
  },
  installments: {
    label: 'Parcelas',
    interestFree: (n: number, each: string) => (n === 1 ? `À vista: ${each}` : `${n}x de ${each} sem juros`),
    withInterest: (n: number) => `${n}x com juros do emissor`,
  },
  /** Mercado Pago's secure fields (the card number is typed inside Mercado Pago's own frames). */
  mp: {
    number: 'Número do cartão',
    expiry: 'Validade',
    expiryPlaceholder: 'MM/AA',
    cvv: 'Código de segurança',
    cvvPlaceholder: 'CVV',
    cvvOf: (label: string) => `Código de segurança do cartão ${label}`,
    holder: 'Nome impresso no cartão',
    document: 'CPF do titular do cartão',
    loading: 'Carregando o formulário seguro do Mercado Pago...',
    loadFailed:
      'Não foi possível carregar o formulário seguro do Mercado Pago. Verifique sua conexão e tente de novo.',
    secured: 'Os dados do cartão vão direto ao Mercado Pago; o Salas não os recebe.',
    savedCardUnavailable:
      'Este cartão não pode ser usado aqui agora. Escolha "Usar um novo cartão" ou pague com Pix.',
    errors: {
      numberRequired: 'Informe o número do cartão.',
      numberInvalid: 'Número do cartão inválido. Confira e digite de novo.',
      numberLength: 'Número do cartão incompleto.',
      monthRequired: 'Informe o mês de validade.',
      yearRequired: 'Informe o ano de validade.',
      dateInvalid: 'Data de validade inválida.',
      documentRequired: 'Informe o CPF do titular.',
      documentInvalid: 'CPF do titular inválido.',
      holderRequired: 'Informe o nome impresso no cartão.',
      holderInvalid: 'Nome do titular inválido. Digite como está no cartão.',
      cvvRequired: 'Informe o código de segurança.',
      cvvInvalid: 'Código de segurança inválido.',
      generic: 'Confira os dados do cartão e tente de novo.',
    },
  },
  cards: {
    title: 'Cartões salvos',
    empty: 'Nenhum cartão salvo. Você pode salvar um aqui ou ao reservar.',
    default: 'Padrão',
    remove: (last4: string) => `Remover cartão final ${last4}`,
    makeDefault: 'Tornar padrão',
    makeDefaultLabel: (last4: string) => `Tornar padrão o cartão final ${last4}`,
    madeDefault: (last4: string) => `O cartão final ${last4} agora é o padrão.`,
    defaultFailed: 'Não foi possível tornar este cartão o padrão.',
    confirmRemoveTitle: 'Remover cartão?',
    confirmRemove: (card: string) =>
      `O cartão ${card} sai da sua conta. Reservas já pagas com ele não mudam; para usá-lo de novo, será preciso cadastrá-lo outra vez.`,
    confirmRemoveButton: 'Remover cartão',
    removed: (last4: string) => `Cartão final ${last4} removido.`,
    keep: 'Manter cartão',
    add: 'Adicionar cartão',
    save: 'Salvar cartão',
    cancel: 'Cancelar',
    saved: 'Cartão salvo.',
    errorTitle: 'Erro',
  },
  mine: {
    title: 'Meus agendamentos',
    subtitle: 'Próximas reservas e histórico.',
    from: 'De',
    to: 'Até',
    empty: 'Nenhum agendamento neste período.',
    when: 'Data',
    hour: 'Horário',
    room: 'Sala',
    amount: 'Valor',
    status: 'Situação',
    cancelAction: 'Cancelar',
    confirmCancel: 'Cancelar reserva',
    keep: 'Manter reserva',
  },
  statuses: appointmentStatusLabels,
} as const;
