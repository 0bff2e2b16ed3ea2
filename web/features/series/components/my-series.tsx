/** The person's horários fixos in "Meus agendamentos": each month and its charge, skip a week, cancel. */
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Series } from '#common/contracts/series';
import { bookingPath, seriesAnchor } from '#web/features/bookings/paths.ts';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useMySeries, useSeriesChange } from '../api.ts';
import { text } from '../messages.ts';

const t = text;
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const endOf = (s: Series) => {
  const total = Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3, 5)) + s.minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

function SeriesCard({ s }: { s: Series }) {
  const change = useSeriesChange();
  const [week, setWeek] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = s.months
    .filter((m) => m.status === 'confirmed' || m.status === 'pending_payment')
    .flatMap((m) => m.dates)
    .filter((d) => d > today);
  const refundText = (cents: number) => (cents > 0 ? formatBrl(cents) : '');

  const skip = () =>
    week &&
    change.mutate(
      { uuid: s.uuid, skip: week },
      {
        onSuccess: (r) => {
          notifySuccess(t.skippedDone(refundText(r.refund_cents)));
          setWeek(null);
        },
        onError: (err) => notifyError(t.title, errorText(err)),
      },
    );
  const cancel = () =>
    modals.openConfirmModal({
      title: t.cancelConfirmTitle,
      children: <Text size="sm">{t.cancelConfirmBody}</Text>,
      labels: { confirm: t.cancelSeries, cancel: t.keep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(
          { uuid: s.uuid },
          {
            onSuccess: (r) => notifySuccess(t.canceledDone(refundText(r.refund_cents))),
            onError: (err) => notifyError(t.title, errorText(err)),
          },
        ),
    });

  return (
    <Card withBorder padding="md" component="li" id={seriesAnchor(s.uuid)} style={{ scrollMarginTop: 80 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{t.every(s.weekday, s.time, endOf(s))}</Text>
          <Text size="sm">
            {s.room.name}{' '}
            <Text span size="sm" c="dimmed">
              ({s.room.clinic})
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {t.fromDate(s.first_date)} · {s.weeks ? t.weeks(s.weeks) : t.untilCanceled}
          </Text>
        </div>
        <Badge
          variant="light"
          color={s.status === 'active' ? 'green' : 'gray'}
          style={{ color: 'var(--mantine-color-dark-7)', flexShrink: 0 }}
        >
          {t.status[s.status]}
        </Badge>
      </Group>
      <Stack gap={2} mt="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {s.months.map((m) => (
          <Group component="li" key={m.booking_uuid} justify="space-between" wrap="wrap" gap={4}>
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {/* Each month is a booking: its page has the payment, the Pix to pay and the receipt. */}
              <Anchor
                component={Link}
                to={bookingPath(m.booking_uuid)}
                size="sm"
                aria-label={t.monthLink(`${m.month.slice(5, 7)}/${m.month.slice(0, 4)}`)}
              >
                {m.month.slice(5, 7)}/{m.month.slice(0, 4)}
              </Anchor>
              {m.dates.length > 0 ? ` · ${m.dates.map(ddmm).join(', ')}` : ''}
            </Text>
            <Text size="sm" ta="right" style={{ marginLeft: 'auto' }}>
              {formatBrl(m.amount_cents)} · {t.monthStatus[m.status] ?? m.status}
              {m.status === 'pending_payment' && m.charge_at ? ` (${ddmm(m.charge_at)})` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
      {s.skipped_dates.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t.skippedList(s.skipped_dates.map(ddmm).join(', '))}
        </Text>
      )}
      {s.status === 'active' && (
        <Group mt="sm" gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t.skipWhich}
            placeholder={t.skip}
            data={upcoming.map((d) => ({ value: d, label: ddmm(d) }))}
            value={week}
            onChange={setWeek}
            w={180}
          />
          <Button variant="light" onClick={skip} disabled={!week} loading={change.isPending && Boolean(week)}>
            {t.skipConfirm}
          </Button>
          <Button variant="subtle" color="red" onClick={cancel}>
            {t.cancelSeries}
          </Button>
        </Group>
      )}
    </Card>
  );
}

export function MySeries() {
  const list = useMySeries();
  if (!list.data?.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-series-title">
      <Title order={2} fz="h4" id="my-series-title">
        {t.mineTitle}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.data.map((s) => (
          <SeriesCard key={s.uuid} s={s} />
        ))}
      </Stack>
    </Stack>
  );
}
