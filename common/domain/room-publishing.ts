/**
 * Rooms that go live when ready (issue 31, decision 0038): a new room is a draft, seen only by its
 * partner, until it is published; publishing asks for what a specialist needs to choose the room.
 * The server enforces this list; the room editor shows it. Plain values, no zod.
 */

/** The shortest description a room is published with: two lines that say what the room is. */
export const MIN_PUBLISHED_DESCRIPTION = 40;

/** What a room needs before it is published, in the order the editor lists it. */
export const publishItems = ['photos', 'hours', 'price', 'description', 'approval'] as const;
export type PublishItem = (typeof publishItems)[number];

/** The checklist's lines, as the editor shows them. */
export const publishItemLabels: Record<PublishItem, string> = {
  photos: 'Pelo menos uma foto da sala',
  hours: 'Horário de funcionamento (da sala ou da clínica)',
  price: 'Preço por hora',
  description: `Descrição com pelo menos ${MIN_PUBLISHED_DESCRIPTION} caracteres`,
  approval: 'Cadastro do parceiro aprovado pela equipe Salas',
};

/** What is still missing, in the refusal's words. */
export const publishMissingMessages: Record<PublishItem, string> = {
  photos: 'Adicione pelo menos uma foto da sala.',
  hours: 'Informe o horário de funcionamento da sala ou da clínica.',
  price: 'Informe o preço por hora.',
  description: `Escreva uma descrição com pelo menos ${MIN_PUBLISHED_DESCRIPTION} caracteres.`,
  approval: 'Seu cadastro aguarda aprovação da equipe Salas.',
};

export const publishMessages = {
  /** The refusal of a partner the operator has not approved (issue 31, item 4). */
  pending: 'Seu cadastro aguarda aprovação da equipe Salas.',
  rejected: 'Seu cadastro não foi aprovado pela equipe Salas. Fale com a nossa equipe.',
  /** The refusal of an incomplete room: what is missing, in one sentence per item. */
  incomplete: (missing: string[]) => `Antes de publicar: ${missing.join(' ')}`,
} as const;

export interface PublishFacts {
  photos: number;
  /** Ranges of the room's own hours, or else of its clinic's. */
  hourRanges: number;
  hourPriceCents: number;
  description: string;
  /** partner_profiles.approval ('approved' when the partner has no profile row yet). */
  approval: string;
}

/** Each item of the checklist and whether it is done. */
export function publishChecklist(f: PublishFacts): { item: PublishItem; done: boolean }[] {
  const done: Record<PublishItem, boolean> = {
    photos: f.photos > 0,
    hours: f.hourRanges > 0,
    price: f.hourPriceCents > 0,
    description: f.description.trim().length >= MIN_PUBLISHED_DESCRIPTION,
    approval: f.approval === 'approved',
  };
  return publishItems.map((item) => ({ item, done: done[item] }));
}
