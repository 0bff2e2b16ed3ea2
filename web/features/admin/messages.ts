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
} as const;
