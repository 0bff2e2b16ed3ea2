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
  chargeNow: 'cobrado agora',
  chargeOn: (date: string) => `cobrado em ${date}`,
  howItWorks: `O primeiro mês é pago agora. Os seguintes são cobrados ${SERIES_CHARGE_DAYS_BEFORE} dias antes de cada mês: no cartão escolhido, ou por um Pix enviado por e-mail. Se a cobrança não der certo em ${SERIES_GRACE_DAYS} dias, os horários daquele mês são liberados.`,
  method: 'Forma de pagamento',
  card: 'Cartão salvo',
  pix: 'Pix',
  chooseCard: 'Cartão',
  noCards: 'Cadastre um cartão em “Meus cartões” para pagar no cartão, ou escolha Pix.',
  confirm: (amount: string) => `Reservar horário fixo · ${amount} agora`,
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
  weekdayShort: weekdays,
} as const;
