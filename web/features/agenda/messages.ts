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
} as const;
