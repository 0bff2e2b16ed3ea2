import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { formatShortDate } from '#web/lib/format.ts';
import { usePendingReviews } from '../api.ts';
import { reviewPath, text } from '../messages.ts';

const t = text.pending;

/**
 * /especialista/avaliacoes: the specialist's bookings that ended and may still be reviewed (30 days),
 * the one closest to its limit first as the server orders them, each with "Avaliar".
 */
export function PendingReviewsPage() {
  usePageTitle(t.title);
  const pending = usePendingReviews();
  const list = pending.data ?? [];
  return (
    <Stack maw={760}>
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text c="dark.4" size="sm">
          {t.intro}
        </Text>
      </div>
      <QueryState isPending={pending.isPending} error={pending.error} retry={() => pending.refetch()}>
        {list.length === 0 ? (
          <Text c="dark.4" ta="center" py="xl">
            {t.none}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
            {list.map((p) => (
              <Card component="li" withBorder padding="md" key={p.booking_uuid}>
                <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {p.room.name}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {p.clinic_name}
                    </Text>
                    <Text size="sm" c="dark.4">
                      {t.ended(formatShortDate(p.ended_at))} · {t.until(formatShortDate(p.review_until))}
                    </Text>
                  </div>
                  <Button
                    component={Link}
                    to={reviewPath(p.booking_uuid)}
                    leftSection={<IconStar size={16} aria-hidden="true" />}
                    aria-label={t.rateLabel(p.room.name)}
                  >
                    {t.rate}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
