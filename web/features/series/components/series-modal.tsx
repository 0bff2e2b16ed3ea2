/**
 * "Tornar horário fixo": the picked stretch every week — how long, every week checked (taken ones
 * left out and said), what each month costs and when it is charged, card or Pix — then the first
 * month paid (decision 0024).
 */
import { Alert, Badge, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoomDetail } from '#common/contracts/rooms';
import type { SeriesBody } from '#common/contracts/series';
import { SERIES_MAX_WEEKS } from '#common/domain/series';
import { weekdayOf } from '#common/time/zone';
import { useCards } from '#web/features/bookings/api.ts';
import { PixPanel } from '#web/features/bookings/components/pix-panel.tsx';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useCreateSeries, useSeriesPreview } from '../api.ts';
import { chargePlan, type Month } from '../charge-plan.ts';
import { text } from '../messages.ts';

const t = text;
const lengths = [4, 8, 12, 26, SERIES_MAX_WEEKS];
const monthLabel = (month: string) => {
  const s = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
  return s.charAt(0).toUpperCase() + s.slice(1);
};
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** "dezembro": a month's name alone, for the sentences. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

export function SeriesModal({
  room,
  starts,
  onClose,
  onBooked,
}: {
  room: RoomDetail;
  /** The picked stretch: consecutive slot starts of one day, in order. */
  starts: string[];
  onClose(): void;
  onBooked(): void;
}) {
  const cards = useCards();
  const create = useCreateSeries();
  const [length, setLength] = useState<string>('12');
  const [method, setMethod] = useState<'card' | 'pix'>('card');
  const [card, setCard] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const minutes = starts.length * room.booking_rules.slot_minutes;
  const weeks = length === 'open' ? null : Number(length);
  const base = { room_uuid: room.uuid, date_time: starts[0]!, minutes, weeks, skip_dates: [] as string[] };
  const preview = useSeriesPreview({ ...base, payment_method: 'pix' });
  const taken = preview.data?.occurrences.filter((o) => o.state === 'taken').map((o) => o.date) ?? [];
  const chosenCard = card ?? cards.data?.find((c) => c.is_default)?.uuid ?? cards.data?.[0]?.uuid ?? null;
  const end = new Date(Date.parse(starts.at(-1)!) + room.booking_rules.slot_minutes * 60_000);
  const endLabel = new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: room.clinic.timezone,
  }).format(end);
  const first = preview.data?.months[0];
  const plan = chargePlan(preview.data?.months ?? []);
  const when = t.when[method];
  const part = (m: Month) => t.part(monthName(m.month), formatBrl(m.amount_cents));

  const submit = () => {
    setError(undefined);
    const body: SeriesBody = {
      ...base,
      skip_dates: taken,
      payment_method: method,
      card_uuid: method === 'card' ? chosenCard : null,
    };
    create.mutate(body, {
      onSuccess: (r) => {
        if (r.booking.status === 'confirmed') onBooked();
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  const pix = create.data?.booking.payment.pix ? create.data.booking : undefined;
  return (
    <Modal opened onClose={onClose} title={t.title} size="lg" centered>
      {pix ? (
        <PixPanel booking={pix} onDone={onBooked} />
      ) : (
        <Stack gap="md">
          <div>
            <Text fw={700}>
              {t.every(weekdayOf(starts[0]!.slice(0, 10)), starts[0]!.slice(11, 16), endLabel)}
            </Text>
            <Text size="sm" c="dimmed">
              {room.name} · {t.fromDate(starts[0]!.slice(0, 10))}
            </Text>
          </div>
          <Select
            label={t.duration}
            data={[
              ...lengths.map((n) => ({ value: String(n), label: t.weeks(n) })),
              { value: 'open', label: t.untilCanceled },
            ]}
            value={length}
            onChange={(v) => setLength(v ?? '12')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          {preview.isPending ? (
            <Text size="sm" c="dimmed">
              {t.checking}
            </Text>
          ) : preview.error ? (
            <Alert color="red" role="alert">
              {errorText(preview.error)}
            </Alert>
          ) : (
            preview.data && (
              <>
                <div>
                  <Text size="sm" fw={600}>
                    {t.weeksTitle}
                  </Text>
                  <Group gap={6} mt={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {preview.data.occurrences.map((o) => (
                      <Badge
                        component="li"
                        key={o.date}
                        variant={o.state === 'free' ? 'light' : 'outline'}
                        color={o.state === 'free' ? 'salas' : 'red'}
                        style={{ color: 'var(--mantine-color-dark-7)' }}
                        aria-label={`${ddmm(o.date)} ${o.state === 'free' ? t.free : t.taken}`}
                      >
                        {ddmm(o.date)}
                        {o.state === 'free' ? '' : ' ✕'}
                      </Badge>
                    ))}
                  </Group>
                  {taken.length > 0 && (
                    <Text size="sm" c="red.8" mt={6}>
                      {t.takenNote(taken.length)}
                    </Text>
                  )}
                </div>
                <div>
                  <Text size="sm" fw={600}>
                    {t.monthsTitle}
                  </Text>
                  <Stack gap={6} component="ul" p={0} m={0} mt={4} style={{ listStyle: 'none' }}>
                    {preview.data.months.map((m, i) => (
                      <li key={m.month}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text size="sm">{t.month(monthLabel(m.month), m.weeks)}</Text>
                          <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                            {formatBrl(m.amount_cents)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dark.4">
                          {i === 0
                            ? when.first
                            : plan.isToday(m, i)
                              ? when.today
                              : when.on(ddmm(m.charge_at))}
                        </Text>
                      </li>
                    ))}
                  </Stack>
                  {first && (
                    <Text size="sm" fw={700} mt={6} role="status">
                      {method === 'card'
                        ? t.todayCard(
                            formatBrl(plan.todayCents),
                            plan.dueToday.length
                              ? [first, ...plan.dueToday].map(part).join(' + ')
                              : monthName(first.month),
                          )
                        : t.todayPix(formatBrl(first.amount_cents), monthName(first.month))}
                      {method === 'pix' && plan.dueToday.length > 0
                        ? ` ${t.laterPixToday(plan.dueToday.map(part).join(' + '))}`
                        : ''}
                      {method === 'card' && plan.dueToday.length > 0 ? ` ${t.twoCharges}` : ''}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={6}>
                    {t.howItWorks}
                  </Text>
                </div>
              </>
            )
          )}
          <Radio.Group label={t.method} value={method} onChange={(v) => setMethod(v as 'card' | 'pix')}>
            <Group mt={4}>
              <Radio value="card" label={t.card} />
              <Radio value="pix" label={t.pix} />
            </Group>
          </Radio.Group>
          {method === 'card' &&
            (cards.data?.length ? (
              <Select
                label={t.chooseCard}
                data={cards.data.map((c) => ({
                  value: c.uuid,
                  label: `${c.brand.toUpperCase()} •••• ${c.last4}`,
                }))}
                value={chosenCard}
                onChange={setCard}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t.noCards}
              </Text>
            ))}
          {error && (
            <Alert color="red" title={t.failedTitle} role="alert">
              {error}
            </Alert>
          )}
          {create.data && !pix && create.data.booking.status === 'confirmed' && (
            <Alert color="green" role="status">
              {t.done}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button
              onClick={submit}
              loading={create.isPending}
              disabled={!first || (method === 'card' && !chosenCard)}
            >
              {method === 'card'
                ? t.confirmCard(formatBrl(plan.todayCents))
                : t.confirmPix(formatBrl(first?.amount_cents ?? 0))}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
