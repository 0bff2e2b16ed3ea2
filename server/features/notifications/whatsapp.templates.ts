/**
 * The WhatsApp templates, in one place (DESIGN §10, "WhatsApp"): outside the 24-hour window Meta
 * delivers only templates registered beforehand, so each is registered at Meta exactly as written
 * here (category UTILITY, language pt_BR, the body with its {{1}}… and the quick-reply buttons);
 * docs/operations.md lists them for whoever registers them. A parameter never holds a line break.
 *
 * The booking messages carry the one-tap answers: each button's payload names the action and the
 * booking (`quickReplyPayload`), and the webhook reads it back (`parseQuickReply`).
 */

export interface WhatsAppTemplate {
  /** What the body's {{1}}, {{2}}… hold, in order. */
  params: readonly string[];
  /** The body as registered. */
  body: string;
  /** Quick-reply buttons' texts, in order (their payloads are set per message). */
  buttons: readonly string[];
}

/** "Cancelar reserva" and "Ver detalhes": the one-tap answers of a booking's messages. */
export const BOOKING_BUTTONS = ['Cancelar reserva', 'Ver detalhes'] as const;

export const whatsappTemplates = {
  reserva_confirmada: {
    params: ['sala e clínica', 'dia e horário', 'link da reserva'],
    body: 'Reserva confirmada: {{1}}, {{2}}. Detalhes: {{3}}',
    buttons: BOOKING_BUTTONS,
  },
  reserva_em_breve: {
    params: ['sala e clínica', 'dia e horário', 'endereço', 'link da reserva'],
    body: 'Lembrete: sua reserva em {{1}} começa {{2}}. Endereço: {{3}}. Detalhes: {{4}}',
    buttons: BOOKING_BUTTONS,
  },
  reserva_cancelada: {
    params: ['sala e clínica', 'dia e horário', 'quem cancelou', 'o que volta', 'link'],
    body: 'Sua reserva em {{1}}, {{2}}, foi cancelada {{3}}. {{4}} Detalhes: {{5}}',
    buttons: [],
  },
  vaga_lista_espera: {
    params: ['sala e clínica', 'dia e horário', 'prazo', 'link para reservar'],
    body: 'Vagou um horário em {{1}}, {{2}}. Ele fica guardado para você até {{3}}. Reserve: {{4}}',
    buttons: [],
  },
  horario_fixo_pago: {
    params: ['sala e clínica', 'mês', 'valor', 'link da reserva'],
    body: 'Horário fixo em {{1}}: o mês de {{2}} está pago ({{3}}). Detalhes: {{4}}',
    buttons: [],
  },
  horario_fixo_recusado: {
    params: ['sala e clínica', 'mês', 'prazo', 'link da reserva'],
    body: 'Horário fixo em {{1}}: não conseguimos cobrar o mês de {{2}} no cartão salvo. Tentaremos de novo até {{3}}; depois disso os horários são liberados. Detalhes: {{4}}',
    buttons: [],
  },
  pix_expirando: {
    params: ['sala e clínica', 'dia e horário', 'prazo do Pix', 'link para pagar'],
    body: 'O Pix da sua reserva em {{1}}, {{2}}, vence às {{3}}. Pague para não perder o horário: {{4}}',
    buttons: [],
  },
  parceiro_nova_reserva: {
    params: ['sala e clínica', 'dia e horário', 'especialista', 'link da agenda'],
    body: 'Nova reserva em {{1}}: {{2}}, de {{3}}. Agenda: {{4}}',
    buttons: [],
  },
  parceiro_reserva_cancelada: {
    params: ['sala e clínica', 'dia e horário', 'especialista', 'link da agenda'],
    body: 'Reserva cancelada em {{1}}: {{2}}, de {{3}}. Agenda: {{4}}',
    buttons: [],
  },
  avaliar_reserva: {
    params: ['sala e clínica', 'dia', 'prazo', 'link para avaliar'],
    body: 'Como foi sua reserva em {{1}}, {{2}}? Avalie a sala de 1 a 5 estrelas até {{3}}: {{4}}',
    buttons: [],
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type WhatsAppTemplateName = keyof typeof whatsappTemplates;

/** Meta's category for every template here (transactional news of the person's own bookings). */
export const TEMPLATE_CATEGORY = 'UTILITY';
export const TEMPLATE_LANGUAGE = 'pt_BR';

/** A template's body with its parameters put in (what the person reads; the operator's list). */
export function templateText(name: WhatsAppTemplateName, params: readonly string[]): string {
  return whatsappTemplates[name].body.replace(/\{\{(\d+)\}\}/g, (_, n) => params[Number(n) - 1] ?? '');
}

export type QuickReplyAction = 'cancel' | 'details';
const ACTIONS: readonly QuickReplyAction[] = ['cancel', 'details'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payload of a booking's quick-reply button: `booking:<action>:<uuid>`. */
export function quickReplyPayload(action: QuickReplyAction, bookingUuid: string): string {
  return `booking:${action}:${bookingUuid}`;
}

/** Reads a button's payload back; anything the product did not write answers undefined. */
export function parseQuickReply(
  payload: string,
): { action: QuickReplyAction; bookingUuid: string } | undefined {
  const [scope, action, uuid, ...rest] = payload.split(':');
  if (scope !== 'booking' || rest.length || !uuid || !UUID.test(uuid)) return undefined;
  const known = ACTIONS.find((a) => a === action);
  return known ? { action: known, bookingUuid: uuid.toLowerCase() } : undefined;
}
