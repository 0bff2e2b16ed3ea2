import { z } from 'zod';

/** `GET /api/health` (the process serves) and `GET /api/health/ready` when the database answers. */
export const healthSchema = z.object({ status: z.literal('ok') });
/** `GET /api/health/ready` when the database did not answer within a second (503). */
export const unavailableSchema = z.object({ status: z.literal('unavailable') });

export const publicLinksSchema = z.object({
  supportWhatsapp: z.string(),
  chatUrl: z.string(),
  aboutUrl: z.string(),
  advertiseUrl: z.string(),
  partnersUrl: z.string(),
  cancellationPolicyUrl: z.string(),
  facebookUrl: z.string(),
  linkedinUrl: z.string(),
  instagramUrl: z.string(),
  youtubeUrl: z.string(),
  /** Outside production the Pix screen offers "simular pagamento". */
  simulatePayments: z.boolean(),
  /** Which card form the browser shows: the sandbox's fields or Mercado Pago's secure fields. */
  paymentProvider: z.enum(['sandbox', 'mercadopago']),
  /** Mercado Pago's public key (only with that provider). */
  mercadopagoPublicKey: z.string().nullable(),
  maxInstallments: z.number().int(),
  interestFreeInstallments: z.number().int(),
  /** The map's tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; OpenStreetMap's by default). */
  mapTileUrl: z.string(),
  mapTileAttribution: z.string(),
});
export type PublicLinks = z.infer<typeof publicLinksSchema>;

export const publicConfigSchema = z.object({ data: publicLinksSchema });
