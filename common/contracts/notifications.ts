import { z } from 'zod';

/**
 * A person's choice of WhatsApp notices (DESIGN §10, "WhatsApp"): `GET /api/user/notifications`
 * and the answer of `PUT`. The phone is the profile's, in international digits (`55…`), shown so
 * the person sees which number the notices go to; the consent time is kept (LGPD).
 */
export const notificationSettingsSchema = z.object({
  whatsapp: z.boolean(),
  whatsapp_phone: z.string().nullable(),
  whatsapp_opted_in_at: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PUT /api/user/notifications`: turns WhatsApp notices on (consent now) or off. */
export const updateNotificationSettingsBody = z.strictObject({
  whatsapp: z.boolean({ error: 'Diga se quer receber avisos pelo WhatsApp (sim ou não).' }),
});
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsBody>;

export const notificationMessages = {
  noPhone:
    'Cadastre um celular no seu perfil para receber avisos pelo WhatsApp (DDD e número, com o 9 na frente).',
  notMobile:
    'O telefone do seu perfil não é um celular brasileiro: WhatsApp só chega a um celular (DDD + 9 dígitos).',
} as const;
