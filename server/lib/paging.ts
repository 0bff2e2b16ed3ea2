import type { PageMeta } from '#common/contracts/rooms';

/** The page meta every paged list answers (DESIGN §4). */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
