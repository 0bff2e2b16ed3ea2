/**
 * The demo's reviews (DESIGN §10 "Reviews"), written over the finished bookings of the history:
 * some rooms reviewed often, some never; mostly 4 and 5 stars, some 3, a rare 1 or 2; comments of
 * every length or none; partners answering some (the poor ones more often); one review hidden by
 * the operator. Every finished booking counts as invited already (the job has nothing to send on
 * the first start), and especialista@salas.test keeps her last three finished bookings to review.
 * Deterministic: the same seed and start instant give the same reviews.
 */
import { sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '#common/contracts/reviews';
import { queryRows, type Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { Random } from './random.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The demo specialist who finds bookings to review when she signs in. */
export const DEMO_REVIEWER = 'especialista@salas.test';
/** How many of her last finished bookings are left for her to review. */
export const DEMO_PENDING_REVIEWS = 3;

const comments: Record<number, string[]> = {
  5: [
    'Perfeita.',
    'Excelente custo-benefício.',
    'Sala ampla, ar-condicionado funcionando bem e wi-fi rápido.',
    'Tudo certo: recepção atenciosa e sala pronta no horário.',
    'Ambiente acolhedor e um isolamento acústico excelente, essencial para atendimento psicológico. Recomendo!',
    'Ótima localização, fácil de chegar de metrô. A maca é confortável e a sala estava impecável.',
    'Já é a terceira vez que reservo e sempre foi tudo muito bem. A equipe da recepção é simpática, a sala estava limpa e cheirosa, e o café no fim da tarde é um bônus que meus pacientes também notaram.',
  ],
  4: [
    'Gostei bastante, voltarei a reservar.',
    'Boa sala, só faltou um cabide para os casacos.',
    'Muito boa. O wi-fi caiu uma vez, mas voltou rápido.',
    'Ambiente agradável e limpo; a recepção demorou um pouco para liberar a chave.',
    'Sala confortável e bem iluminada. O barulho da rua aparece um pouco no fim da tarde, nada que atrapalhe a sessão.',
  ],
  3: [
    'Sala ok, mas o ar-condicionado estava fraco.',
    'Atendeu. A iluminação poderia ser melhor para as sessões no fim do dia.',
    'Localização boa, porém o isolamento acústico deixa a desejar: dava para ouvir a conversa da sala ao lado.',
  ],
  2: [
    'A sala estava suja quando cheguei e demoraram para resolver.',
    'Barulho de obra no prédio durante toda a sessão.',
  ],
  1: ['Cheguei no horário e a sala ainda estava ocupada. Perdi vinte minutos do atendimento.'],
};
const thanks = [
  'Obrigada pela avaliação! Esperamos você em breve.',
  'Que bom que gostou! Conte sempre com a nossa equipe.',
  'Agradecemos o retorno — na próxima o café é por nossa conta.',
];
const apologies = [
  'Sentimos muito pelo ocorrido. Já conversamos com a equipe para que não se repita.',
  'Obrigado pelo retorno. O ar-condicionado foi revisado esta semana.',
  'Pedimos desculpas pelo transtorno. Fale com a recepção para combinarmos uma compensação.',
];
const HIDDEN_REASON = 'Relato sobre outra clínica, confirmado com a especialista.';

/** 5 most of the time, then 4, a few 3, a rare 2 or 1. */
const ratingOf = (random: Random) => {
  const r = random.next();
  return r < 0.56 ? 5 : r < 0.86 ? 4 : r < 0.96 ? 3 : r < 0.985 ? 2 : 1;
};

type Finished = { id: number; room_id: number; customer_id: number; email: string; ended_at: Date };

export async function seedReviews(tx: Tx, now: Date, operatorId: number, random: Random): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Each confirmed booking's end (its last hour that took place), in one pass over the hours.
  const ended = sql`select b.id, b.room_id, b.customer_id, max(a.ends_at) as ended_at
    from bookings b join appointments a on a.booking_id = b.id
    where b.status = 'confirmed' and b.payment_method <> 'manual' and a.status in ('confirmed', 'completed')
    group by b.id having max(a.ends_at) <= ${at}`;
  const finished = (
    await queryRows<Finished>(
      tx,
      sql`select f.*, u.email from (${ended}) f join users u on u.id = f.customer_id order by f.ended_at, f.id`,
    )
  ).map((f) => ({ ...f, id: Number(f.id), room_id: Number(f.room_id), ended_at: new Date(f.ended_at) }));

  // Every finished booking was invited ten minutes after its end.
  await tx.execute(sql`update bookings b set review_invited_at = least(f.ended_at + interval '10 minutes', ${at})
    from (${ended}) f where b.id = f.id`);

  // How often each room's specialists review it: a quarter of the rooms never.
  const roomIds = [...new Set(finished.map((f) => f.room_id))].sort((a, b) => a - b);
  const propensity = new Map(roomIds.map((id) => [id, random.chance(0.25) ? 0 : 0.1 + 0.5 * random.next()]));
  const windowStart = now.getTime() - REVIEW_WINDOW_DAYS * DAY;
  const hers = finished.filter((f) => f.email === DEMO_REVIEWER && f.ended_at.getTime() >= windowStart);
  const leftForHer = new Set(hers.slice(-DEMO_PENDING_REVIEWS).map((f) => f.id));

  const rows: (typeof t.reviews.$inferInsert)[] = [];
  for (const f of finished) {
    const isHers = f.email === DEMO_REVIEWER;
    if (leftForHer.has(f.id)) continue;
    const chance = isHers && f.ended_at.getTime() >= windowStart ? 1 : (propensity.get(f.room_id) ?? 0);
    if (!random.chance(chance)) continue;
    // Written within a few days of the end (and before now).
    const ended = f.ended_at.getTime();
    const delay = Math.min(random.int(1, 6 * 24) * HOUR, (now.getTime() - ended) * random.next());
    const createdAt = new Date(ended + Math.max(delay, 60_000));
    if (createdAt > now) continue;
    const rating = ratingOf(random);
    const comment = random.chance(rating <= 3 ? 0.95 : 0.7) ? random.pick(comments[rating]!) : null;
    const answered = comment !== null && random.chance(rating <= 3 ? 0.7 : 0.25);
    const repliedAt = answered ? new Date(createdAt.getTime() + random.int(3, 72) * HOUR) : null;
    rows.push({
      bookingId: f.id,
      roomId: f.room_id,
      customerId: f.customer_id,
      rating,
      comment,
      createdAt,
      ...(repliedAt && repliedAt <= now
        ? { replyText: random.pick(rating <= 3 ? apologies : thanks), repliedAt }
        : {}),
    });
  }
  // The operator hid one poor review (the oldest with a comment), with its reason in the audit log.
  const hidden = rows.find((r) => r.rating <= 2 && r.comment && !r.replyText);
  if (hidden) {
    const hiddenAt = new Date(Math.min(hidden.createdAt!.getTime() + DAY, now.getTime()));
    Object.assign(hidden, { hiddenAt, hiddenReason: HIDDEN_REASON, hiddenBy: operatorId });
  }
  for (let i = 0; i < rows.length; i += 500) {
    const written = await tx
      .insert(t.reviews)
      .values(rows.slice(i, i + 500))
      .returning({
        uuid: t.reviews.uuid,
        hiddenAt: t.reviews.hiddenAt,
        customerId: t.reviews.customerId,
        rating: t.reviews.rating,
      });
    for (const r of written.filter((w) => w.hiddenAt))
      await tx.insert(t.auditLog).values({
        actorId: operatorId,
        targetUserId: r.customerId,
        action: 'review.hidden',
        details: { review: r.uuid, rating: r.rating, reason: HIDDEN_REASON },
        createdAt: r.hiddenAt!,
      });
  }
  // Each room's numbers: its visible reviews.
  await tx.execute(sql`update rooms r set rating_count = v.n, rating_sum = v.total
    from (select room_id, count(*)::int as n, sum(rating)::int as total from reviews
          where hidden_at is null group by room_id) v
    where r.id = v.room_id`);
  return rows.length;
}
