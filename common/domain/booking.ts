/**
 * Bookings: messages, statuses and the cancellation window (DESIGN §5).
 * Plain values without zod: public pages import them without loading the validation library.
 */
export const bookingMessages = {
  failedTitle: 'Erro ao efetuar reserva!',
  failed: 'Não foi possível efetuar a reserva.',
  success: 'Reserva efetuada com sucesso.',
  /** A room whose price was saved below the floor (decision 0030) before there was one. */
  priceBelowMinimum:
    'Esta sala está com um preço abaixo do mínimo de R$ 2,00 por hora e não aceita reservas até o parceiro corrigir o valor.',
  slotTaken: 'Um ou mais horários não estão mais livres.',
  declined: 'O pagamento foi recusado pelo emissor do cartão.',
  canceledWhilePaying:
    'A reserva foi cancelada enquanto o pagamento era processado; o valor cobrado será devolvido integralmente.',
  cardSaveFailed: 'Algo deu errado ao salvar cartão',
  cardCheck: 'Verifique se os dados do cartão estão corretos!',
  cardRemoveFailed: 'Algo deu errado ao remover cartão',
} as const;

/** DESIGN §5: free cancellation up to 24 h before the start. */
export const FREE_CANCELLATION_HOURS = 24;
export const cancelMessages = {
  done: 'Reserva cancelada. Você receberá um e-mail de confirmação com as instruções de reembolso.',
  failedTitle: 'Erro ao cancelar reserva!',
  notCancelable: 'Esta reserva não pode mais ser cancelada.',
  withRefund: 'Cancelamento gratuito: o valor será devolvido integralmente.',
  withoutRefund: 'Faltam menos de 24 horas para o início: o cancelamento não terá reembolso.',
} as const;

export const partnerStatuses = ['confirmed', 'completed', 'no_show', 'canceled'] as const;

/** Status labels of appointments, shown on every screen and in the agenda feed. */
export const appointmentStatusLabels: Record<string, string> = {
  pending_payment: 'Aguardando pagamento',
  confirmed: 'Confirmada',
  canceled: 'Cancelada',
  completed: 'Concluída',
  no_show: 'Não compareceu',
  expired: 'Expirada',
};
