import './room-page.css';
import { Box, Chip, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { DatePicker } from '#web/components/date-inputs.ts';
import { isoDate } from '#web/components/search-url.ts';
import { longDayLabel } from '#web/features/bookings/selection.ts';
import { useAvailability, useMonthAvailability } from '../api.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';

const t = text.room;
// The waitlist form loads only for signed-in specialists.
const WaitlistJoin = lazy(async () => ({
  default: (await import('#web/features/waitlist/components/waitlist-join.tsx')).WaitlistJoin,
}));
const BOOKABLE_DAYS = 365;
const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

/** "16 dezembro 2026": the calendar's own name for a day, with what it holds after it. */
function dayName(date: string) {
  const d = new Date(`${date}T12:00:00Z`);
  return `${d.getUTCDate()} ${monthName.format(d)} ${d.getUTCFullYear()}`;
}

function Dot({ color, ring = false }: { color: string; ring?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: ring ? 10 : 6,
        height: ring ? 10 : 6,
        borderRadius: '50%',
        background: ring ? 'transparent' : color,
        border: ring ? `2px solid ${color}` : undefined,
      }}
    />
  );
}

/**
 * The month calendar (days with free hours dotted, days with picked hours ringed, full days out)
 * and, beside it when there is room (else under it), the hour chips of the shown day in a dense
 * grid. Rendered in the browser only (it reads today's date): the card draws its place until then.
 */
export function BookingCalendar({ uuid, booking }: { uuid: string; booking: RoomBooking }) {
  const today = isoDate(new Date());
  const last = new Date();
  last.setDate(last.getDate() + BOOKABLE_DAYS);
  const [shown, setShown] = useState(booking.day ?? today);
  const month = useMonthAvailability(uuid, shown.slice(0, 7), today);
  const day = useAvailability(uuid, booking.day);
  const free = new Set(month.data?.filter((d) => d.slots.some((s) => s.available)).map((d) => d.date));
  const picked = new Map<string, number>();
  for (const iso of booking.selected) picked.set(iso.slice(0, 10), (picked.get(iso.slice(0, 10)) ?? 0) + 1);
  const known = new Set(month.data?.map((d) => d.date));
  const full = (date: string) => known.has(date) && !free.has(date) && !picked.has(date);

  return (
    <div className="salas-booking-grid">
      <div className="salas-booking-month">
        <DatePicker
          size="sm"
          locale="pt-br"
          value={booking.day}
          onChange={(v) => booking.pickDay(v ? String(v).slice(0, 10) : null)}
          date={shown}
          onDateChange={(d) => setShown(String(d).slice(0, 10))}
          hideOutsideDates
          minDate={today}
          maxDate={isoDate(last)}
          excludeDate={(date) => full(String(date).slice(0, 10))}
          getDayAriaLabel={(date) => {
            const d = String(date).slice(0, 10);
            const n = picked.get(d);
            const note = n ? t.dayPicked(n) : free.has(d) ? t.dayFree : full(d) ? t.dayFull : '';
            return note ? `${dayName(d)}, ${note}` : dayName(d);
          }}
          getDayProps={(date) => {
            const d = String(date).slice(0, 10);
            return picked.has(d)
              ? { style: { boxShadow: 'inset 0 0 0 2px var(--mantine-color-salas-8)', fontWeight: 700 } }
              : {};
          }}
          renderDay={(date) => {
            const d = String(date).slice(0, 10);
            const mark = picked.has(d) || free.has(d);
            const current = d === booking.day;
            return (
              <Box
                component="span"
                pos="relative"
                style={{ display: 'grid', placeItems: 'center', width: '100%', height: '100%' }}
              >
                {Number(d.slice(8))}
                {mark && (
                  <Box
                    component="span"
                    aria-hidden="true"
                    pos="absolute"
                    bottom={4}
                    left="50%"
                    style={{
                      width: 5,
                      height: 5,
                      borderRadius: '50%',
                      transform: 'translateX(-50%)',
                      background: current
                        ? 'white'
                        : picked.has(d)
                          ? 'var(--mantine-color-salas-9)'
                          : 'var(--mantine-color-salas-6)',
                    }}
                  />
                )}
              </Box>
            );
          }}
        />
      </div>
      <div className="salas-booking-hours">
        <Stack
          gap={6}
          role="group"
          aria-label={booking.day ? t.hoursOf(longDayLabel(booking.day)) : undefined}
        >
          {booking.day && (
            <Text size="sm" fw={600}>
              {longDayLabel(booking.day)}
            </Text>
          )}
          {!booking.day ? (
            <Text size="sm" c="dimmed">
              {t.pickDate}
            </Text>
          ) : day.isPending ? (
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          ) : day.data?.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noSlots}
            </Text>
          ) : (
            <div className="salas-hours">
              {day.data?.slots.map((slot) => (
                <Chip
                  key={slot.date_time}
                  checked={booking.selected.includes(slot.date_time)}
                  onChange={() => booking.toggle(slot.date_time, day.data?.slots)}
                  disabled={!slot.available}
                  variant="outline"
                  size="sm"
                  classNames={{
                    root: 'salas-hour',
                    label: 'salas-hour-label',
                    iconWrapper: 'salas-hour-icon',
                  }}
                  aria-label={`${slot.date_time.slice(11, 16)} ${slot.available ? t.free : t.taken}`}
                >
                  {slot.date_time.slice(11, 16)}
                </Chip>
              ))}
            </div>
          )}
          {booking.day && day.data && booking.canWait && (
            <Suspense>
              <WaitlistJoin
                key={booking.day}
                roomUuid={uuid}
                date={booking.day}
                slots={day.data.slots}
                slotMinutes={booking.slotMinutes}
              />
            </Suspense>
          )}
        </Stack>
        <Group mt={8} style={{ rowGap: 2, columnGap: 12 }}>
          <Group gap={6} wrap="nowrap">
            <Dot color="var(--mantine-color-salas-6)" />
            <Text size="xs">{t.legendFree}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Dot color="var(--mantine-color-salas-8)" ring />
            <Text size="xs">{t.legendPicked}</Text>
          </Group>
        </Group>
      </div>
    </div>
  );
}
