import { Anchor, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ManagedReview } from '#common/contracts/reviews';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { type ReviewFilter, useManagedReviews } from '../api.ts';
import { text } from '../messages.ts';
import { ReviewItem } from './review-item.tsx';

const t = text.managed;

/** The filter as the address writes it (`?mostrar=sem-resposta`) and as the API reads it. */
const FILTERS: Record<string, { show: ReviewFilter; label: string }> = {
  todas: { show: 'all', label: t.all },
  'sem-resposta': { show: 'unanswered', label: t.unanswered },
  ocultas: { show: 'hidden', label: t.hidden },
};

/**
 * A page of reviews as the partner (its rooms) or the desk (every room) manages them: the filter and
 * the page in the address, newest first, each review with its room and clinic and `action` below it.
 */
export function ManagedReviews({
  side,
  title,
  filters,
  action,
}: {
  side: 'partner' | 'fusion';
  title: string;
  /** The address's names of the filters offered besides "Todas". */
  filters: ('sem-resposta' | 'ocultas')[];
  action(review: ManagedReview): ReactNode;
}) {
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const shown = filters.find((f) => f === params.get('mostrar')) ?? 'todas';
  const page = Number(params.get('pagina') ?? 1) || 1;
  const list = useManagedReviews(side, page, FILTERS[shown]!.show);
  const go = (changes: { mostrar?: string; pagina?: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const mostrar = changes.mostrar ?? shown;
        if (mostrar === 'todas') next.delete('mostrar');
        else next.set('mostrar', mostrar);
        if (changes.pagina && changes.pagina > 1) next.set('pagina', String(changes.pagina));
        else next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  const reviews = list.data?.data ?? [];
  return (
    <Stack maw={880}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <SegmentedControl
        aria-label={t.filter}
        value={shown}
        onChange={(mostrar) => go({ mostrar })}
        data={['todas', ...filters].map((value) => ({ value, label: FILTERS[value]!.label }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {reviews.length === 0 ? (
          <Text c="dark.4" ta="center" py="xl">
            {t.none}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dark.4" aria-live="polite">
              {t.count(list.data?.meta.total ?? 0)}
            </Text>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {reviews.map((review) => (
                <Card component="li" withBorder padding="md" key={review.uuid} aria-label={review.room.name}>
                  <Stack gap="sm">
                    <div>
                      <Anchor
                        component={Link}
                        to={`/rooms/${review.room.uuid}`}
                        fw={700}
                        aria-label={t.roomLink(review.room.name)}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {review.room.name}
                      </Anchor>
                      <Text size="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
                        {review.clinic.name}
                      </Text>
                    </div>
                    <ReviewItem review={review} reply={false}>
                      {action(review)}
                    </ReviewItem>
                  </Stack>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={(pagina) => go({ pagina })} />
    </Stack>
  );
}
