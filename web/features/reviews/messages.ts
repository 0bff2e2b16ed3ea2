/**
 * Texts of reviews: the specialist's form and list, the room page's section, the partner's and the
 * desk's pages. Imports nothing (the room page's first load reads it).
 */

/** "12 de novembro de 2026": when a review or a reply was written, on the browser's clock. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' });

export const starLabel = (n: number) => `${n} ${n === 1 ? 'estrela' : 'estrelas'}`;

/** Paths of the specialist's reviews (the invitation's mail and WhatsApp link the form). */
export const pendingPath = '/especialista/avaliacoes';
export const reviewPath = (bookingUuid: string) => `${pendingPath}/${bookingUuid}`;
/** The id of the room page's section, linked from the rating line under the room's name. */
export const SECTION_ID = 'avaliacoes';

export const text = {
  title: 'Avaliações',
  stars: (n: number) => `${n} de 5 estrelas`,
  reply: 'Resposta da clínica',
  failed: 'Não foi possível concluir',
  more: 'Ver mais',
  /** "120/2.000": the characters written of the most a text takes. */
  counter: (n: number, max: number) => `${n.toLocaleString('pt-BR')}/${max.toLocaleString('pt-BR')}`,
  pending: {
    title: 'Avaliações',
    intro: 'Conte como foi a sala: sua avaliação ajuda outros especialistas a escolher.',
    none: 'Nenhuma reserva para avaliar agora. Quando uma reserva terminar, ela aparece aqui por 30 dias.',
    ended: (date: string) => `Terminou em ${date}`,
    until: (date: string) => `Avaliar até ${date}`,
    rate: 'Avaliar',
    rateLabel: (room: string) => `Avaliar ${room}`,
    listLabel: 'Reservas para avaliar',
  },
  form: {
    title: 'Avaliar a sala',
    rating: 'Sua nota',
    comment: 'Comentário (opcional)',
    commentHint: 'Como foi a sala, a recepção, a limpeza? Seu primeiro nome aparece com a avaliação.',
    submit: 'Enviar avaliação',
    thanks: 'Obrigado pela avaliação!',
    thanksBody: 'Ela já aparece na página da sala.',
    yours: 'Sua avaliação',
    seeRoom: 'Ver a página da sala',
    back: 'Voltar para as avaliações',
    closed: 'Esta reserva não pode ser avaliada',
    closedBody: 'Ela já foi avaliada, foi cancelada ou o prazo de 30 dias depois do fim da reserva passou.',
    alreadyReviewed: 'Você já avaliou esta reserva.',
    outsideWindow: 'Esta reserva não pode ser avaliada agora: só depois que termina, por até 30 dias.',
  },
  bookingLink: 'Avaliar esta sala',
  room: {
    title: 'Avaliações',
    none: 'Esta sala ainda não tem avaliações.',
    summary: (avg: string, count: string) => `${avg} de 5 · ${count}`,
    rating: 'Nota',
    outOf: 'de 5',
  },
  managed: {
    partnerTitle: 'Avaliações das suas salas',
    deskTitle: 'Avaliações',
    all: 'Todas',
    unanswered: 'Sem resposta',
    hidden: 'Ocultas',
    filter: 'Mostrar',
    none: 'Nenhuma avaliação por aqui.',
    count: (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'avaliação' : 'avaliações'}`,
    open: 'Responder',
    replyLabel: 'Sua resposta',
    replyHint: 'A resposta é pública, aparece abaixo da avaliação na página da sala e não pode ser editada.',
    send: 'Enviar resposta',
    sent: 'Resposta enviada.',
    hiddenBadge: 'Oculta',
    hiddenWhy: (date: string, reason: string) => `Oculta em ${date}: ${reason}`,
    hide: 'Ocultar',
    hideTitle: 'Ocultar avaliação',
    hideIntro:
      'A avaliação deixa de aparecer na página da sala e na nota média. O motivo fica no registro de auditoria.',
    reason: 'Motivo',
    cancel: 'Voltar',
    confirmHide: 'Ocultar avaliação',
    hiddenDone: 'Avaliação ocultada.',
    roomLink: (room: string) => `Ver a página da sala ${room}`,
  },
} as const;
