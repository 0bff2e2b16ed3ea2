/** Texts of the horário fixo (weekly series) on the room page and in "Meus agendamentos". */
import { SERIES_CHARGE_DAYS_BEFORE, SERIES_GRACE_DAYS } from '#common/domain/series';

const weekdays = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];

export const text = {
  open: 'Tornar horário fixo',
  openHint: 'Mesmo dia e horário toda semana, pago mês a mês.',
  onlyOneStretch: 'Para um horário fixo, escolha um único período seguido em um dia.',
  title: 'Horário fixo',
  every: (weekday: number, from: string, to: string) => `Toda ${weekdays[weekday]}, das ${from} às ${to}`,
  fromDate: (date: string) => `a partir de ${date.split('-').reverse().join('/')}`,
  duration: 'Por quanto tempo',
  untilCanceled: 'Até eu cancelar',
  weeks: (n: number) => (n === 1 ? '1 semana' : `${n} semanas`),
  checking: 'Conferindo cada semana...',
  weeksTitle: 'Semanas',
  free: 'livre',
  taken: 'ocupada — será pulada',
  skipped: 'pulada',
  takenNote: (n: number) =>
    n === 1
      ? 'Uma semana já está ocupada e ficará de fora. Você pode seguir sem ela ou escolher outro horário.'
      : `${n} semanas já estão ocupadas e ficarão de fora. Você pode seguir sem elas ou escolher outro horário.`,
  monthsTitle: 'Cobrança mês a mês',
  month: (label: string, weeks: number) => `${label} · ${weeks === 1 ? '1 semana' : `${weeks} semanas`}`,
  /** When each month is paid (decision 0024's rule, said as it happens — decision 0037). */
  when: {
    card: {
      first: 'pago agora, ao reservar',
      today: 'cobrado hoje, logo após o primeiro',
      on: (date: string) => `cobrado em ${date}`,
    },
    pix: {
      first: 'Pix agora, ao reservar',
      today: 'Pix por e-mail hoje, depois que o primeiro for pago',
      on: (date: string) => `Pix por e-mail em ${date}`,
    },
  },
  /** What is charged today, all of it, before confirming. */
  todayCard: (total: string, parts: string) => `Cobrado hoje no cartão: ${total} (${parts}).`,
  todayPix: (amount: string, month: string) => `Agora: um Pix de ${amount} (${month}).`,
  laterPixToday: (parts: string) =>
    `Assim que ele for pago, enviamos por e-mail o Pix de ${parts}, que também vence em poucos dias.`,
  twoCharges: 'São cobranças separadas, uma por mês, cada uma com seu recibo.',
  part: (month: string, amount: string) => `${month} ${amount}`,
  howItWorks: `Cada mês é cobrado ${SERIES_CHARGE_DAYS_BEFORE} dias antes de começar: no cartão escolhido, ou por um Pix enviado por e-mail. Um mês cuja data de cobrança já passou é cobrado hoje, logo após o primeiro. Se a cobrança de um mês não der certo em ${SERIES_GRACE_DAYS} dias, os horários daquele mês são liberados.`,
  method: 'Forma de pagamento',
  card: 'Cartão salvo',
  pix: 'Pix',
  chooseCard: 'Cartão',
  noCards: 'Cadastre um cartão em “Meus cartões” para pagar no cartão, ou escolha Pix.',
  confirmCard: (amount: string) => `Reservar horário fixo · ${amount} hoje`,
  confirmPix: (amount: string) => `Reservar horário fixo · Pix de ${amount}`,
  cancel: 'Voltar',
  done: 'Horário fixo reservado! O primeiro mês está confirmado e você recebeu o convite de calendário por e-mail.',
  seeMine: 'Ver meus horários fixos',
  failedTitle: 'Não foi possível reservar o horário fixo',
  mineTitle: 'Horários fixos',
  mineEmpty:
    'Você não tem horários fixos. Na página de uma sala, escolha um período e toque em “Tornar horário fixo”.',
  status: { active: 'Ativo', canceled: 'Cancelado' } as Record<string, string>,
  monthStatus: {
    confirmed: 'Pago',
    pending_payment: 'A cobrar',
    canceled: 'Cancelado',
    expired: 'Liberado (sem pagamento)',
    failed: 'Recusado',
  } as Record<string, string>,
  skip: 'Pular uma semana',
  skipWhich: 'Semana a pular',
  skipConfirm: 'Pular semana',
  skippedDone: (refund: string) => `Semana pulada.${refund ? ` Reembolso: ${refund}.` : ''}`,
  cancelSeries: 'Cancelar horário fixo',
  cancelConfirmTitle: 'Cancelar horário fixo',
  cancelConfirmBody:
    'As próximas semanas serão canceladas. Semanas já pagas com mais de 24 horas de antecedência são reembolsadas; as com menos de 24 horas, não. Meses ainda não cobrados não serão cobrados.',
  keep: 'Manter',
  canceledDone: (refund: string) => `Horário fixo cancelado.${refund ? ` Reembolso: ${refund}.` : ''}`,
  skippedList: (dates: string) => `Semanas puladas: ${dates}`,
  monthLink: (month: string) => `Ver a reserva de ${month} (pagamento e recibo)`,
  weekdayShort: weekdays,
} as const;
