import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rooms } from '../../db/schema.ts';
import { bookableRoomCondition } from '../availability/bookable-room.ts';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

/** The public room pages: bookable rooms (active, of an active partner), oldest first. */
export function publicRoomPages(db: Executor, limit = SITEMAP_LIMIT) {
  return db
    .select({ uuid: rooms.uuid, updatedAt: rooms.updatedAt })
    .from(rooms)
    .where(bookableRoomCondition())
    .orderBy(asc(rooms.id))
    .limit(limit);
}
