/** Texts of the operator's account switch and of suspending a partner with bookings ahead. */
import { countOf, plural } from '#web/lib/format.ts';

export const text = {
  /** Counts in lists, by Portuguese plural rules ("1 agendamento", "11 agendamentos"). */
  counts: {
    appointments: (n: number) => countOf(n, 'agendamento', 'agendamentos'),
    facilityRooms: (n: number) =>
      `${countOf(n, 'sala oferece', 'salas oferecem')} este diferencial; ele será retirado delas.`,
  },
  active: {
    label: (name: string) => `Conta ativa: ${name}`,
    on: 'Ativa',
    off: 'Desativada',
    reactivated: (name: string) => `${name} pode entrar de novo.`,
    deactivated: (name: string) => `A conta de ${name} foi desativada.`,
    saveFailed: 'Erro ao salvar informações',
    loadFailed: 'Não foi possível carregar as reservas futuras deste parceiro. Tente de novo.',
    confirmTitle: (name: string) => `Desativar ${name}?`,
    confirmBody:
      'A pessoa sai de todas as sessões agora e não consegue entrar até ser reativada. Reservas já feitas continuam na agenda.',
    confirm: 'Desativar',
    cancel: 'Cancelar',
  },
  suspend: {
    title: (name: string) => `Suspender ${name}?`,
    intro:
      'O parceiro sai de todas as sessões agora e as salas dele deixam de aparecer na busca. Ainda há reservas futuras nas salas dele:',
    count: (n: number) => plural(n, '1 reserva futura', `${n} reservas futuras`),
    total: (brl: string) => `Total: ${brl}`,
    listLabel: 'Reservas futuras nas salas do parceiro',
    keepHint: 'Manter as reservas: os especialistas usam as salas como combinado.',
    cancelHint:
      'Cancelar e reembolsar: todas são canceladas, os especialistas recebem o valor de volta integralmente e são avisados por e-mail.',
    keep: 'Manter as reservas',
    cancelAll: 'Cancelar e reembolsar',
    back: 'Voltar',
    kept: (name: string, n: number) =>
      `A conta de ${name} foi suspensa. ${plural(n, 'A reserva futura continua', `As ${n} reservas futuras continuam`)} na agenda.`,
    canceled: (name: string, n: number, brl: string) =>
      `A conta de ${name} foi suspensa. ${plural(n, '1 reserva cancelada', `${n} reservas canceladas`)}; ${brl} a devolver aos especialistas.`,
  },
  /**
   * Another partner account with the same CNPJ or CPF: shown, not refused (one company may run
   * several clinics, a network may share a document), wherever the operator decides.
   */
  sameDocument: {
    title: (kind: string) => `Mesmo ${kind} de outro parceiro`,
    titleMany: (kind: string, n: number) => `Mesmo ${kind} de outros ${n} parceiros`,
    short: (kind: string) => `Mesmo ${kind} de:`,
    andMore: (n: number) => (n === 1 ? 'e mais 1 parceiro' : `e mais ${n} parceiros`),
    intro: (kind: string) => `Este ${kind} também está no cadastro de:`,
    advice: (kind: string) =>
      `Pode ser a mesma empresa com outra conta (as clínicas dela podem ficar numa conta só) ou alguém usando o ${kind} de outra empresa. Confirme com o parceiro antes de aprovar.`,
    statuses: {
      pending: 'em análise',
      approved: 'aprovado',
      rejected: 'recusado',
      suspended: 'suspenso',
    } as Record<string, string>,
  },
  /** The operator's desk: bookings, one booking, the cancel with a reason (decision 0036). */
  desk: {
    title: 'Reservas',
    search: 'Busca',
    searchHint: 'Nome, e-mail, CPF, sala ou id da reserva',
    status: 'Situação',
    all: 'Todas',
    dates: 'Datas dos horários',
    datesHint: 'Reservas com algum horário nessas datas',
    clearStatus: 'Limpar situação',
    clearDates: 'Limpar datas',
    none: 'Nenhuma reserva encontrada.',
    count: (n: number) => countOf(n, 'reserva', 'reservas'),
    listLabel: 'Reservas',
    columns: {
      created: 'Feita em',
      person: 'Especialista',
      room: 'Sala',
      hours: 'Horários',
      amount: 'Valor',
      status: 'Situação',
    },
    statuses: {
      pending_payment: 'Aguardando pagamento',
      confirmed: 'Confirmada',
      canceled: 'Cancelada',
      expired: 'Expirada',
      failed: 'Pagamento recusado',
    } as Record<string, string>,
    methods: { card: 'Cartão', pix: 'Pix', manual: 'Registrada pela clínica' } as Record<string, string>,
    outside: (name: string) => `${name} (fora da plataforma)`,
    moreHours: (n: number) => `+ ${plural(n, '1 horário', `${n} horários`)}`,
    open: (room: string, when: string) => `Abrir a reserva da ${room} de ${when}`,
    pageTitle: (room: string) => `Reserva · ${room}`,
    bookingId: 'Id da reserva',
    createdAt: (when: string) => `Feita em ${when}`,
    customer: 'Especialista',
    recordedBy: 'Registrada pela clínica para',
    place: 'Sala e clínica',
    partner: 'Parceiro',
    series: 'Mês de um horário fixo',
    note: 'Observação',
    hoursTitle: 'Horários',
    hourCanceled: (when: string, who: string | null) =>
      who ? `Cancelado em ${when} por ${who}` : `Cancelado em ${when}`,
    refundOf: (brl: string) => `${brl} a devolver`,
    payment: 'Pagamento',
    noPayment: 'Sem pagamento: a clínica registrou a reserva e recebe direto da pessoa.',
    paid: (brl: string) => `Pago: ${brl}`,
    paidAt: (when: string) => `Aprovado em ${when}`,
    refunded: (brl: string) => `Devolvido: ${brl}`,
    card: (brand: string, last4: string) => `Cartão ${brand.toUpperCase()} final ${last4}`,
    providerRef: 'Referência no provedor',
    refunds: 'Reembolsos',
    noRefunds: 'Nenhum reembolso.',
    refundStatuses: { pending: 'Em andamento', succeeded: 'Concluído', failed: 'Com falha' } as Record<
      string,
      string
    >,
    mails: 'E-mails enviados',
    mailsHint:
      'E-mails escritos sobre esta reserva ou seus horários; dos mais antigos, os que citam esta sala e um destes horários, o Pix desta reserva ou o pagamento.',
    noMails: 'Nenhum e-mail encontrado sobre esta reserva.',
    whatsapp: 'Mensagens de WhatsApp',
    whatsappHint:
      'Modelos enviados sobre esta reserva ou seus horários a quem ativou os avisos, e o que o WhatsApp disse depois. Uma mensagem que falhou segue por e-mail.',
    noWhatsapp: 'Nenhuma mensagem de WhatsApp sobre esta reserva.',
    /** What WhatsApp said of a message after sending it. */
    deliveryStatuses: {
      sent: 'Enviada',
      delivered: 'Entregue',
      read: 'Lida',
      failed: 'Falhou',
    } as Record<string, string>,
    whatsappStatuses: {
      pending: 'Na fila',
      sent: 'Enviada',
      failed: 'Falhou',
      skipped: 'Não enviada',
    } as Record<string, string>,
    mailStatuses: {
      pending: 'Na fila',
      sent: 'Enviado',
      failed: 'Falhou',
      skipped: 'Não enviado',
    } as Record<string, string>,
    mailTo: (to: string) => `Para ${to}`,
    template: (name: string) => `Modelo ${name}`,
    history: 'Histórico',
    system: 'sistema',
    cancel: {
      open: 'Cancelar com reembolso',
      title: 'Cancelar reserva com reembolso',
      intro:
        'Os horários abaixo são cancelados agora; o que foi pago volta integralmente pelo mesmo meio de pagamento e a pessoa é avisada por e-mail.',
      unpaid: 'A reserva ainda não foi paga: ela é cancelada inteira, sem nada a devolver.',
      total: (brl: string) => `Reembolso total: ${brl}`,
      reason: 'Motivo do cancelamento',
      reasonHint: 'Fica no histórico da reserva e da pessoa; não vai no e-mail.',
      reasonRequired: 'Diga o motivo do cancelamento.',
      reasonTooLong: 'Motivo longo demais.',
      confirm: 'Cancelar reserva',
      back: 'Voltar',
      done: (brl: string) => `Reserva cancelada. ${brl} a devolver à pessoa.`,
      doneUnpaid: 'Reserva cancelada. Não havia nada pago a devolver.',
      failed: 'Erro ao cancelar reserva!',
    },
  },
  /** The specialist's page: bookings, horários fixos, waitlist, cards, invitation. */
  person: {
    bookings: 'Reservas',
    allBookings: 'Ver todas na busca de reservas',
    noBookings: 'Nenhuma reserva.',
    series: 'Horários fixos',
    noSeries: 'Nenhum horário fixo.',
    seriesLine: (weekday: string, time: string, minutes: number) =>
      `${weekday}, ${time} (${minutes === 60 ? '1 h' : `${minutes} min`})`,
    seriesWeeks: (weeks: number | null, first: string) =>
      weeks
        ? `${weeks} semanas a partir de ${first}`
        : `Toda semana a partir de ${first}, sem data para acabar`,
    seriesStatuses: { active: 'Ativo', canceled: 'Encerrado' } as Record<string, string>,
    waitlist: 'Listas de espera',
    noWaitlist: 'Em nenhuma lista de espera.',
    waitlistStatuses: {
      waiting: 'Aguardando',
      offered: 'Horário guardado',
      booked: 'Reservou',
      left: 'Saiu',
      expired: 'Encerrada',
    } as Record<string, string>,
    cards: 'Cartões salvos',
    noCards: 'Nenhum cartão salvo.',
    cardLine: (brand: string, last4: string, month: number, year: number) =>
      `${brand.toUpperCase()} •••• ${last4} · validade ${String(month).padStart(2, '0')}/${String(year).slice(-2)}`,
    defaultCard: 'Padrão',
    invitation: 'Convite',
    invitationPending: 'A pessoa ainda não definiu a senha.',
    resend: 'Reenviar convite',
    resendFailed: 'Erro ao reenviar o convite',
  },
} as const;
