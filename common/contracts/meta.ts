import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });

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
});
export type PublicLinks = z.infer<typeof publicLinksSchema>;

export const publicConfigSchema = z.object({ data: publicLinksSchema });
