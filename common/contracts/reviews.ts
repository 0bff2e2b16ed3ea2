/**
 * Reviews (DESIGN §10 "Reviews"): a specialist rates a room after a booking ended, once; the room's
 * partner replies once; the operator hides one with a reason. Nothing else edits or deletes one.
 */
import { z } from 'zod';
import { pageMeta, pageQuery } from './rooms.ts';
import { multiLine } from './text.ts';

/** How long after a booking's last hour ends its specialist may review it. */
export const REVIEW_WINDOW_DAYS = 30;
export const MAX_REVIEW_COMMENT = 2000;
export const MAX_REVIEW_REPLY = 2000;

export const reviewBody = z.object({
  rating: z
    .number({ message: 'Escolha de 1 a 5 estrelas.' })
    .int('Escolha de 1 a 5 estrelas.')
    .min(1, 'Escolha de 1 a 5 estrelas.')
    .max(5, 'Escolha de 1 a 5 estrelas.'),
  comment: multiLine(
    z
      .string({ message: 'Comentário inválido.' })
      .trim()
      .max(MAX_REVIEW_COMMENT, `Comentário longo demais (até ${MAX_REVIEW_COMMENT} caracteres).`),
  )
    .transform((v) => v || null)
    .nullish(),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** POST /api/customer/booking/{uuid}/review → 201. */
export const reviewSchema = z.object({
  uuid: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewResponse = z.object({ data: reviewSchema });

export const reviewReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** GET /api/rooms/{uuid}/reviews?page=: visible reviews, newest first, first name only. */
export const publicReviewSchema = reviewSchema.extend({
  author_first_name: z.string(),
  reply: reviewReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const publicReviewPage = z.object({ data: z.array(publicReviewSchema), meta: pageMeta });
export type PublicReviewPage = z.infer<typeof publicReviewPage>;

/** POST /api/partner/review/{uuid}/reply (the room's partner, once). */
export const reviewReplyBody = z.object({
  text: multiLine(
    z
      .string({ message: 'Escreva a resposta.' })
      .trim()
      .min(2, 'Escreva a resposta.')
      .max(MAX_REVIEW_REPLY, `Resposta longa demais (até ${MAX_REVIEW_REPLY} caracteres).`),
  ),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBody>;

/** POST /api/fusion/review/{uuid}/hide (operator): the reason stays in the audit log. */
export const reviewHideBody = z.object({
  reason: multiLine(
    z
      .string({ message: 'Informe o motivo.' })
      .trim()
      .min(3, 'Informe o motivo.')
      .max(500, 'Motivo longo demais (até 500 caracteres).'),
  ),
});
export type ReviewHideBody = z.input<typeof reviewHideBody>;

/** A review as its room's partner (GET /api/partner/reviews) and the operator (GET /api/fusion/reviews) read it. */
export const managedReviewSchema = publicReviewSchema.extend({
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  booking_uuid: z.uuid(),
  /** Operator only: hidden reviews stay listed with when and why. */
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;
export const managedReviewPage = z.object({ data: z.array(managedReviewSchema), meta: pageMeta });
export type ManagedReviewPage = z.infer<typeof managedReviewPage>;
export const managedReviewQuery = pageQuery.pick({ page: true }).extend({
  /** Operator: `hidden` lists only hidden ones; partner: `unanswered` only those without a reply. */
  show: z.enum(['all', 'hidden', 'unanswered'], { message: 'Filtro inválido.' }).default('all'),
});

/** GET /api/customer/reviews/pending: the signed-in specialist's bookings she may still review. */
export const pendingReviewSchema = z.object({
  booking_uuid: z.uuid(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic_name: z.string(),
  /** When the booking's last hour ended, and until when it may be reviewed. */
  ended_at: z.string(),
  review_until: z.string(),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;
export const pendingReviewsResponse = z.object({ data: z.array(pendingReviewSchema) });
