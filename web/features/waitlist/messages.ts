/** Texts of the waitlist on the room page and in "Meus agendamentos". */
import { waitlistMessages } from '#common/contracts/waitlist';

export const text = {
  ...waitlistMessages,
  ask: 'Avise-me se vagar',
  askHint:
    'Algum horário ocupado? Entre na lista de espera e receba por e-mail o horário que vagar, guardado por 15 minutos.',
  from: 'De',
  to: 'Até',
  join: 'Entrar na lista de espera',
  title: 'Lista de espera',
  offersTitle: 'Lista de espera: horário guardado para você',
  statuses: {
    waiting: 'Aguardando',
    offered: 'Horário guardado para você',
    booked: 'Reservado',
    left: 'Você saiu',
    expired: 'Prazo encerrado',
  } as Record<string, string>,
  range: (date: string, from: string, to: string) => `${date.split('-').reverse().join('/')} · ${from}–${to}`,
  heldUntil: (time: string, amount: string) => `Guardado para você até ${time} · ${amount}`,
  payCard: 'Pagar com cartão',
  payPix: 'Pagar com Pix',
  card: 'Cartão',
  leave: 'Sair da lista',
  left: 'Você saiu da lista de espera.',
  booked: 'Horário reservado! Você recebeu a confirmação por e-mail.',
  failed: 'Não foi possível concluir',
} as const;
