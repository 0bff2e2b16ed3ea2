/**
 * Reviews' rules (DESIGN §10 "Reviews"): a specialist rates a room once per booking, after its last
 * hour ended and for REVIEW_WINDOW_DAYS; the room's partner replies once; the operator hides one
 * with a reason (kept in the audit log). A review counts in its room's numbers while visible.
 */
import type { SQL } from 'drizzle-orm';
import type {
  ManagedReview,
  PendingReview,
  PublicReview,
  PublicReviewPage,
  Review,
  ReviewBody,
} from '#common/contracts/reviews';
import { REVIEW_WINDOW_DAYS } from '#common/contracts/reviews';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import type { Db, Executor } from '../../db/client.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { UserRow } from '../../plugins/auth.ts';
import * as audit from '../admin/audit.repository.ts';
import * as repo from './reviews.repository.ts';

export const REVIEWS_PER_PAGE = 15;
const DAY = 86_400_000;

export const reviewMessages = {
  bookingNotFound: 'Reserva não encontrada.',
  reviewNotFound: 'Avaliação não encontrada.',
  roomNotFound: 'Sala não encontrada.',
  canceled: 'Reservas canceladas não podem ser avaliadas.',
  notPaid: 'Só é possível avaliar uma reserva confirmada.',
  outside: 'Reservas registradas pela clínica não são avaliadas na plataforma.',
  nothingUsed: 'Nenhum horário desta reserva foi utilizado: não há o que avaliar.',
  notEnded: 'Esta reserva ainda não terminou: avalie depois do último horário.',
  windowClosed: 'O prazo para avaliar esta reserva terminou',
  already: 'Esta reserva já foi avaliada.',
  alreadyReplied: 'Esta avaliação já tem uma resposta.',
  hiddenReply: 'Esta avaliação foi ocultada e não pode ser respondida.',
  alreadyHidden: 'Esta avaliação já está oculta.',
};

/** Who wrote a review, as the public reads it: the first name only; an erased account, no name. */
export const DELETED_AUTHOR = 'Ex-cliente';
const firstNameOf = (r: Pick<repo.ListedReview, 'author_name' | 'author_deleted'>) =>
  r.author_deleted ? DELETED_AUTHOR : (r.author_name.trim().split(/\s+/)[0] ?? DELETED_AUTHOR);

type Deps = { db: Db; clock: () => Date };

/** `POST /api/customer/booking/{uuid}/review`: the booking's customer, once, inside the window. */
export async function writeReview(s: Deps, user: UserRow, uuid: string, body: ReviewBody): Promise<Review> {
  const booking = await repo.bookingForReview(s.db, uuid);
  if (!booking || Number(booking.customer_id) !== user.id)
    throw new AppError('not_found', reviewMessages.bookingNotFound);
  if (booking.payment_method === 'manual') throw new AppError('validation', reviewMessages.outside);
  if (booking.status === 'canceled') throw new AppError('validation', reviewMessages.canceled);
  if (booking.status !== 'confirmed') throw new AppError('validation', reviewMessages.notPaid);
  if (!booking.ended_at) throw new AppError('validation', reviewMessages.nothingUsed);
  const now = s.clock();
  if (booking.ended_at > now) throw new AppError('validation', reviewMessages.notEnded);
  if (now.getTime() - booking.ended_at.getTime() > REVIEW_WINDOW_DAYS * DAY)
    throw new AppError('validation', reviewMessages.windowClosed);
  const written = await s.db.transaction((tx) =>
    repo.insertReview(tx, {
      bookingId: booking.id,
      roomId: booking.room_id,
      customerId: user.id,
      rating: body.rating,
      comment: body.comment ?? null,
      now,
    }),
  );
  if (!written) throw new AppError('conflict', reviewMessages.already);
  return {
    uuid: written.uuid,
    rating: Number(written.rating),
    comment: written.comment,
    created_at: toZonedIso(written.created_at, written.timezone),
  };
}

const replyOf = (r: repo.ListedReview) =>
  r.reply_text !== null && r.replied_at
    ? { text: r.reply_text, created_at: toZonedIso(r.replied_at, r.timezone) }
    : null;

function toPublic(r: repo.ListedReview): PublicReview {
  return {
    uuid: r.uuid,
    rating: Number(r.rating),
    comment: r.comment,
    created_at: toZonedIso(r.created_at, r.timezone),
    author_first_name: firstNameOf(r),
    reply: replyOf(r),
  };
}

function toManaged(r: repo.ListedReview, withHidden: boolean): ManagedReview {
  return {
    ...toPublic(r),
    room: { uuid: r.room_uuid, name: r.room_name },
    clinic: { uuid: r.clinic_uuid, name: r.clinic_name },
    booking_uuid: r.booking_uuid,
    hidden:
      withHidden && r.hidden_at && r.hidden_reason !== null
        ? { at: toZonedIso(r.hidden_at, r.timezone), reason: r.hidden_reason }
        : null,
  };
}

/** `GET /api/rooms/{uuid}/reviews`: a public room's visible reviews, newest first. */
export async function roomReviews(
  s: Pick<Deps, 'db'>,
  roomUuid: string,
  { page, per_page: perPage = REVIEWS_PER_PAGE }: { page: number; per_page?: number },
): Promise<PublicReviewPage> {
  const roomId = await repo.publicRoomId(s.db, roomUuid);
  if (roomId === undefined) throw new AppError('not_found', reviewMessages.roomNotFound);
  const found = await repo.reviewsPage(s.db, repo.reviewFilters.visibleInRoom(roomId), { page, perPage });
  return { data: found.rows.map(toPublic), meta: pageMeta(found.total, page, perPage) };
}

/** `GET /api/customer/reviews/pending`: the signed-in specialist's bookings still open for a review. */
export async function pendingReviews(s: Deps, user: UserRow): Promise<PendingReview[]> {
  const rows = await repo.pendingFor(s.db, user.id, s.clock());
  return rows.map((r) => ({
    booking_uuid: r.booking_uuid,
    room: { uuid: r.room_uuid, name: r.room_name },
    clinic_name: r.clinic_name,
    ended_at: toZonedIso(r.ended_at, r.timezone),
    review_until: toZonedIso(new Date(r.ended_at.getTime() + REVIEW_WINDOW_DAYS * DAY), r.timezone),
  }));
}

type Show = 'all' | 'hidden' | 'unanswered';

/**
 * `GET /api/partner/reviews`: the visible reviews of the partner's own rooms (a hidden review is
 * the operator's call and no longer the partner's to answer); `unanswered` narrows to those
 * without a reply. `hidden` asks for nothing a partner sees: an empty page.
 */
export async function partnerReviews(
  s: Pick<Deps, 'db'>,
  partner: UserRow,
  query: { page: number; show: Show },
) {
  const { reviewFilters: f } = repo;
  const where =
    query.show === 'hidden'
      ? undefined
      : query.show === 'unanswered'
        ? [f.visibleOfPartner(partner.id), f.unanswered]
        : [f.visibleOfPartner(partner.id)];
  return managedPage(s, where, query.page, false);
}

/** `GET /api/fusion/reviews`: every review, hidden ones too (with when and why). */
export async function operatorReviews(s: Pick<Deps, 'db'>, query: { page: number; show: Show }) {
  const { reviewFilters: f } = repo;
  const where = query.show === 'hidden' ? [f.hidden] : query.show === 'unanswered' ? [f.unanswered] : [f.all];
  return managedPage(s, where, query.page, true);
}

async function managedPage(s: Pick<Deps, 'db'>, where: SQL[] | undefined, page: number, withHidden: boolean) {
  if (!where) return { data: [], meta: pageMeta(0, page, REVIEWS_PER_PAGE) };
  const found = await repo.reviewsPage(s.db, repo.and(where), { page, perPage: REVIEWS_PER_PAGE });
  return {
    data: found.rows.map((r) => toManaged(r, withHidden)),
    meta: pageMeta(found.total, page, REVIEWS_PER_PAGE),
  };
}

/** `POST /api/partner/review/{uuid}/reply`: the room's partner, once, on a visible review. */
export async function replyToReview(
  s: Deps,
  partner: UserRow,
  uuid: string,
  text: string,
): Promise<ManagedReview> {
  const id = await s.db.transaction(async (tx) => {
    const review = await repo.lockReview(tx, uuid);
    if (!review || review.partner_id !== partner.id)
      throw new AppError('not_found', reviewMessages.reviewNotFound);
    if (review.hidden_at) throw new AppError('validation', reviewMessages.hiddenReply);
    if (review.reply_text !== null) throw new AppError('conflict', reviewMessages.alreadyReplied);
    await repo.saveReply(tx, review.id, text, s.clock());
    return review.id;
  });
  return toManaged(await repo.listedReview(s.db, id), false);
}

/**
 * `POST /api/fusion/review/{uuid}/hide`: the operator hides a review with a reason — out of the
 * room's list and numbers, the reason in the audit log (the author's trail), in one transaction.
 */
export async function hideReview(
  s: Deps,
  operator: UserRow,
  uuid: string,
  reason: string,
): Promise<ManagedReview> {
  const id = await s.db.transaction(async (tx) => {
    const review = await repo.lockReview(tx, uuid);
    if (!review) throw new AppError('not_found', reviewMessages.reviewNotFound);
    if (review.hidden_at) throw new AppError('conflict', reviewMessages.alreadyHidden);
    const now = s.clock();
    await repo.saveHidden(tx, review.id, { reason, by: operator.id, now });
    await repo.adjustRoomRating(tx, review.room_id, -1, -Number(review.rating));
    await audit.record(tx, {
      actorId: operator.id,
      targetUserId: review.customer_id,
      action: 'review.hidden',
      details: { review: uuid, rating: Number(review.rating), reason },
      now,
    });
    return review.id;
  });
  return toManaged(await repo.listedReview(s.db, id), true);
}

/**
 * The reviews a person wrote, for their data export (LGPD art. 18): each with its booking, room,
 * words, the partner's reply and, if hidden, when and why. Times in the clinic's zone.
 */
export async function reviewsWrittenBy(db: Executor, userId: number) {
  const rows = await repo.reviewsPage(db, repo.reviewFilters.writtenBy(userId), { page: 1, perPage: 10_000 });
  return rows.rows.map((r) => {
    const { author_first_name: _, ...review } = toManaged(r, true);
    return review;
  });
}
