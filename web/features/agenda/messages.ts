import type { CalendarBlock } from '#common/contracts/agenda';
import type { PartnerAppointment } from '#common/contracts/booking';
import { lifecycleMessages } from '#common/domain/lifecycle';

/** Texts of the partner's agenda. */
export const text = {
  title: 'Agendamentos',
  series: 'Horário fixo',
  clinic: 'Clínica',
  room: 'Sala',
  all: 'Todas',
  week: 'Semana',
  empty: 'Nenhum agendamento neste período.',
  columns: {
    date: 'Data',
    hour: 'Horário',
    room: 'Sala',
    specialist: 'Especialista',
    amount: 'Valor',
    status: 'Situação',
  },
  statusOf: (room: string, hour: string) => `Situação de ${room} às ${hour}`,
  /** Said beside a status that can no longer change. */
  closed: lifecycleMessages.closed,
  updated: 'Informações Atualizadas com Sucesso!',
  errorTitle: 'Erro',
  cancel: {
    title: 'Cancelar agendamento',
    paid: 'O especialista recebe o valor de volta integralmente e é avisado por e-mail.',
    unpaid:
      'Esta reserva ainda não foi paga: todos os horários dela são cancelados juntos, e o especialista é avisado por e-mail.',
    confirm: 'Cancelar agendamento',
    keep: 'Manter',
  },
  views: { week: 'Semana', day: 'Dia', list: 'Lista', label: 'Ver a agenda por' },
  nav: {
    previousWeek: 'Semana anterior',
    nextWeek: 'Próxima semana',
    previousDay: 'Dia anterior',
    nextDay: 'Próximo dia',
    today: 'Hoje',
  },
  showCanceled: 'Mostrar cancelados',
  calendar: {
    label: 'Calendário da agenda',
    legend: 'Legenda das cores',
    blocked: 'Bloqueado',
    outside: 'Reserva de fora',
    itemLabel: (a: PartnerAppointment, person: string, status: string) =>
      `${a.date_time.slice(11, 16)}–${a.ends_at.slice(11, 16)}, ${a.room.name}, ${person}, ${status}`,
    blockLabel: (b: CalendarBlock) =>
      `Bloqueado: ${b.room_name}, ${b.starts_at.slice(8, 10)}/${b.starts_at.slice(5, 7)} ${b.starts_at.slice(11, 16)} a ${b.ends_at.slice(8, 10)}/${b.ends_at.slice(5, 7)} ${b.ends_at.slice(11, 16)}${b.reason ? ` (${b.reason})` : ''}`,
    noRooms: 'Nenhuma sala para mostrar: cadastre uma sala ou mude o filtro.',
    freeHour: (column: string, time: string) => `Horário livre: ${column}, ${time}`,
    freeHourTitle: 'Registrar uma reserva de fora ou bloquear este horário',
  },
  /** A free hour tapped in the calendar: what to do with it. */
  pickedHour: {
    title: (day: string, time: string) => `${day} · ${time}`,
    room: (room: string) => `Sala: ${room}`,
    record: 'Registrar reserva de fora',
    block: 'Bloquear',
    blockTitle: 'Bloquear horários',
  },
  /** Canceling an outside booking: the whole of it, or only the hour tapped. */
  outsideCancel: {
    title: 'Cancelar reserva de fora',
    hours: (name: string, list: string) => `Reserva de ${name}: ${list}.`,
    mail: 'Os horários cancelados voltam a ficar livres. Se você informou um e-mail, a pessoa recebe um aviso.',
    all: (n: number) => (n === 2 ? 'Cancelar os 2 horários' : `Cancelar todos os ${n} horários`),
    one: (hour: string) => `Só ${hour}`,
    only: 'Cancelar reserva',
    keep: 'Manter',
    /** Toasts. */
    canceledAll: (list: string) => `Reserva de fora cancelada: ${list}.`,
    canceledOne: (hour: string, rest: string) => `Horário ${hour} cancelado. A reserva continua com ${rest}.`,
  },
  detail: {
    person: 'Quem usa',
    outsideTag: 'Reserva de fora da plataforma (sem pagamento pela Salas)',
    email: 'E-mail',
    note: 'Observação',
    when: 'Quando',
    room: 'Sala',
    amount: 'Valor',
    payment: 'Pagamento',
    status: 'Situação',
    cancelOutside: 'Cancelar esta reserva',
    cancelOutsideConfirm:
      'O horário volta a ficar livre para reservas. Se você informou um e-mail, a pessoa recebe o aviso de cancelamento.',
    close: 'Fechar',
  },
  outside: {
    open: 'Reserva de fora',
    title: 'Reserva de fora da plataforma',
    intro:
      'Para quem marcou direto com a clínica (telefone, WhatsApp, balcão). O horário fica reservado como qualquer outro; nenhum pagamento passa pela Salas.',
    room: 'Sala',
    date: 'Data',
    start: 'Início',
    length: 'Duração',
    name: 'Nome de quem vai usar a sala',
    email: 'E-mail (opcional: recebe a confirmação e o convite de calendário)',
    note: 'Observação (opcional)',
    submit: 'Reservar horário',
    created: 'Reserva registrada.',
    mailNotSent: 'Reserva registrada, e-mail não enviado',
    chooseRoom: 'Escolha a sala.',
    chooseDate: 'Escolha a data.',
    chooseStart: 'Escolha o horário de início.',
    startPlaceholder: 'Escolha',
    roomFirst: 'Escolha a sala',
    loadingHours: 'Carregando...',
    noHours: 'Nenhum horário livre nesta sala neste dia. Escolha outro dia.',
    pastDay: 'Este dia já passou. Escolha hoje ou um dia à frente.',
    hoursFailed: 'Não foi possível carregar os horários livres.',
    failed: 'Não foi possível registrar a reserva.',
    /** A 409: the chosen hours that were taken or blocked meanwhile, by name. */
    taken: (hours: string[], date: string) =>
      `${hours.length === 1 ? `O horário ${hours[0]}` : `Os horários ${hours.join(', ')}`} de ${date.slice(8, 10)}/${date.slice(5, 7)} ${hours.length === 1 ? 'acabou de ser reservado ou bloqueado' : 'acabaram de ser reservados ou bloqueados'}. Escolha outro horário.`,
  },
} as const;
