/** Where the specialist's bookings live (decision 0037). */
export const bookingPath = (uuid: string) => `/especialista/agendamentos/${uuid}`;
export const receiptPath = (uuid: string) => `${bookingPath(uuid)}/recibo`;
/** The id of a horário fixo's card in "Meus agendamentos", linked from its row and its months. */
export const seriesAnchor = (uuid: string) => `horario-fixo-${uuid}`;
