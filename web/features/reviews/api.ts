/** Review calls (DESIGN §10 "Reviews"): one hook per operation, keyed under ['reviews']. */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ManagedReview,
  ManagedReviewPage,
  PendingReview,
  PublicReviewPage,
  Review,
  ReviewBody,
  ReviewHideBody,
  ReviewReplyBody,
} from '#common/contracts/reviews';
import { publicQueryKeys } from '#common/domain/rooms';
import { api } from '#web/lib/api.ts';

type Data<T> = { data: T };
/** Which reviews a managed list shows (the contract's `show`). */
export type ReviewFilter = 'all' | 'hidden' | 'unanswered';

const keys = {
  pending: ['reviews', 'pending'] as const,
  room: (uuid: string) => ['reviews', 'room', uuid] as const,
  managed: (side: 'partner' | 'fusion') => ['reviews', side] as const,
};

/** GET /api/customer/reviews/pending: the specialist's bookings she may still review. */
export const usePendingReviews = () =>
  useQuery({
    queryKey: keys.pending,
    queryFn: () => api<Data<PendingReview[]>>('/customer/reviews/pending').then((r) => r.data),
  });

/** POST /api/customer/booking/{uuid}/review: the pending list and the room's numbers change with it. */
export function useReviewBooking(bookingUuid: string, roomUuid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      api<Data<Review>>(`/customer/booking/${bookingUuid}/review`, { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: keys.pending });
      if (roomUuid) {
        queryClient.invalidateQueries({ queryKey: keys.room(roomUuid) });
        queryClient.invalidateQueries({ queryKey: publicQueryKeys.room(roomUuid) });
      }
    },
  });
}

/** GET /api/rooms/{uuid}/reviews?page=: newest first, each "Ver mais" appends the next page. */
export const useRoomReviews = (roomUuid: string) =>
  useInfiniteQuery({
    queryKey: keys.room(roomUuid),
    queryFn: ({ pageParam }) => api<PublicReviewPage>(`/rooms/${roomUuid}/reviews?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

const managedPath = (side: 'partner' | 'fusion') => (side === 'partner' ? '/partner' : '/fusion');

/** GET /api/partner/reviews (the partner's rooms) or /api/fusion/reviews (every room, hidden ones too). */
export const useManagedReviews = (side: 'partner' | 'fusion', page: number, show: ReviewFilter) =>
  useQuery({
    queryKey: [...keys.managed(side), page, show],
    queryFn: () => api<ManagedReviewPage>(`${managedPath(side)}/reviews?page=${page}&show=${show}`),
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/partner/review/{uuid}/reply (once) or /api/fusion/review/{uuid}/hide, each answering the
 * review as it now is. The list on screen takes it in place — a review answered under "Sem
 * resposta" stays where it was, shown as answered — and the room's public section and numbers are
 * read again.
 */
function useManageReview<B>(side: 'partner' | 'fusion', action: (uuid: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: B }) =>
      api<Data<ManagedReview>>(action(uuid), { method: 'POST', body }).then((r) => r.data),
    onSuccess: (review) => {
      queryClient.setQueriesData<ManagedReviewPage>({ queryKey: keys.managed(side) }, (page) =>
        page ? { ...page, data: page.data.map((r) => (r.uuid === review.uuid ? review : r)) } : page,
      );
      queryClient.invalidateQueries({ queryKey: ['reviews', 'room'] });
      // A hidden review leaves its room's average.
      queryClient.invalidateQueries({ queryKey: ['rooms', 'detail'] });
    },
    // Refused (e.g. answered meanwhile elsewhere): the list is read again as the server has it.
    onError: () => queryClient.invalidateQueries({ queryKey: keys.managed(side) }),
  });
}

export const useReplyReview = () =>
  useManageReview<ReviewReplyBody>('partner', (uuid) => `/partner/review/${uuid}/reply`);

export const useHideReview = () =>
  useManageReview<ReviewHideBody>('fusion', (uuid) => `/fusion/review/${uuid}/hide`);
