import {
  Anchor,
  Badge,
  Button,
  Chip,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconMapPin, IconPhone } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { weekdayNames } from '#common/domain/supply';
import { DatePicker } from '#web/components/date-inputs.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAvailability, useRoomDetail } from '../api.ts';
import { text } from '../messages.ts';

// Payment (card form, Pix) loads when a person books, the weekly repeat once hours are picked.
const BookingModal = lazy(async () => ({
  default: (await import('#web/features/bookings/components/booking-modal.tsx')).BookingModal,
}));
const RepeatWeekly = lazy(async () => ({
  default: (await import('../components/repeat-weekly.tsx')).RepeatWeekly,
}));

const t = text.room;

function Gallery({ photos, name }: { photos: { uuid: string; url: string }[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = photos[index];
  if (!current) return null;
  return (
    <Stack gap="xs">
      <Image
        src={`${current.url}?size=lg`}
        alt={`${name} — foto ${index + 1} de ${photos.length}`}
        radius="md"
        h={{ base: 240, sm: 420 }}
        fit="cover"
      />
      {photos.length > 1 && (
        <Group gap="xs">
          {photos.map((p, i) => (
            <UnstyledButton
              key={p.uuid}
              onClick={() => setIndex(i)}
              aria-label={`Ver foto ${i + 1}`}
              aria-pressed={i === index}
            >
              <Image
                src={`${p.url}?size=sm`}
                alt=""
                w={84}
                h={60}
                radius="sm"
                fit="cover"
                style={{ outline: i === index ? '3px solid var(--mantine-color-salas-7)' : undefined }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function Availability({ uuid, hourCents }: { uuid: string; hourCents: number }) {
  const [params, setParams] = useSearchParams();
  const selected = (params.get('h') ?? '').split(',').filter(Boolean);
  const [date, setDate] = useState<string | null>(params.get('dia') ?? selected[0]?.slice(0, 10) ?? null);
  const day = useAvailability(uuid, date);
  const { user } = useSession();
  const navigate = useNavigate();
  const [booking, setBooking] = useState(false);

  const update = (next: string[], nextDate = date) => {
    const p = new URLSearchParams(params);
    if (next.length) p.set('h', [...next].sort().join(','));
    else p.delete('h');
    if (nextDate) p.set('dia', nextDate);
    setParams(p, { replace: true });
  };
  const toggle = (iso: string) =>
    update(selected.includes(iso) ? selected.filter((s) => s !== iso) : [...selected, iso]);
  const total = selected.length * hourCents;
  const here = `/rooms/${uuid}?${params.toString()}`;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {bookingText.select}
      </Text>
      <Group align="flex-start" wrap="wrap" gap="lg">
        <DatePicker
          value={date}
          onChange={(v) => {
            const d = v ? String(v).slice(0, 10) : null;
            setDate(d);
            update(selected, d);
          }}
          minDate={new Date()}
          aria-label="Escolha o dia"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          {!date ? (
            <Text c="dimmed">{t.pickDate}</Text>
          ) : day.isPending ? (
            <Text c="dimmed">Carregando...</Text>
          ) : day.data?.slots.length === 0 ? (
            <Text c="dimmed">{t.noSlots}</Text>
          ) : (
            <Group gap={6}>
              {day.data?.slots.map((slot) => (
                <Chip
                  key={slot.date_time}
                  checked={selected.includes(slot.date_time)}
                  onChange={() => toggle(slot.date_time)}
                  disabled={!slot.available}
                  variant="outline"
                  aria-label={`${slot.date_time.slice(11, 16)} ${slot.available ? t.free : t.taken}`}
                >
                  {slot.date_time.slice(11, 16)}
                </Chip>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
      {selected.length > 0 && (
        <Paper withBorder p="md" radius="md" bg="salas.0">
          <Group justify="space-between">
            <div>
              <Text fw={600}>{bookingText.selected(selected.length)}</Text>
              <Text size="sm">
                {[...new Set(selected.map((s) => s.slice(0, 10)))]
                  .map((d) => d.split('-').reverse().join('/'))
                  .join(', ')}
              </Text>
            </div>
            <Group>
              <Text fw={800} fz="lg">
                {bookingText.total}: {formatBrl(total)}
              </Text>
              <Button variant="subtle" onClick={() => update([])}>
                {bookingText.clear}
              </Button>
              <Button
                onClick={() =>
                  user ? setBooking(true) : navigate(`/signin?redirect=${encodeURIComponent(here)}`)
                }
                disabled={Boolean(user) && user?.role_name !== 'customer' && user?.role_name !== 'partner'}
              >
                {user ? bookingText.book : bookingText.loginToBook}
              </Button>
            </Group>
          </Group>
          <Suspense>
            <RepeatWeekly
              uuid={uuid}
              selected={selected}
              onAdd={(slots) => update([...new Set([...selected, ...slots])])}
            />
          </Suspense>
        </Paper>
      )}
      {booking && (
        <Suspense>
          <BookingModal
            opened={booking}
            onClose={() => setBooking(false)}
            roomUuid={uuid}
            dateTimes={selected}
            totalCents={total}
            returnTo={here}
            onBooked={() => {
              setBooking(false);
              update([]);
              if (user?.role_name === 'customer') navigate('/especialista/agendamentos');
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** /rooms/{uuid}: the public room page (no breadcrumb, SPEC §2). */
export function RoomPage() {
  const { uuid } = useParams();
  const room = useRoomDetail(uuid);
  usePageTitle(room.data ? `${room.data.name} · ${room.data.clinic.name}` : 'Sala');
  const r = room.data;
  const a = r?.clinic.address;
  return (
    <QueryState isPending={room.isPending} error={room.error} retry={() => room.refetch()}>
      {r && (
        <Stack gap="lg">
          <Anchor component={Link} to="/rooms" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden="true" />
              {t.back}
            </Group>
          </Anchor>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Gallery photos={r.photos} name={r.name} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack>
                <div>
                  <Title order={1} fz="h2">
                    {r.name}
                  </Title>
                  <Text c="dimmed">{r.clinic.name}</Text>
                </div>
                <Text fz={28} fw={800} c="salas.8">
                  {formatBrl(r.hour_price_cents)}
                  <Text span size="md" c="dimmed" fw={400}>
                    {text.perHour}
                  </Text>
                </Text>
                {a && (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconMapPin size={18} aria-hidden="true" />
                    <Text size="sm">
                      {a.street}, {a.number} — {a.neighborhood}, {a.city} / {a.state}
                    </Text>
                  </Group>
                )}
                {r.clinic.phones[0] && (
                  <Group gap={6}>
                    <IconPhone size={18} aria-hidden="true" />
                    <Text size="sm">
                      ({r.clinic.phones[0].area_code}) {r.clinic.phones[0].number}
                    </Text>
                  </Group>
                )}
                <Group gap={6}>
                  {r.facilities.map((f) => (
                    <Badge key={f.uuid} variant="light">
                      {f.name}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="h4" mb="sm">
                {t.about}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{r.description}</Text>
              {r.clinic.description && (
                <Text mt="sm" c="dimmed" size="sm">
                  {r.clinic.description}
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="h4" mb="sm">
                {t.hours}
              </Title>
              <Table>
                <Table.Tbody>
                  {weekdayNames.map((name, weekday) => {
                    const ranges = r.hours.filter((h) => h.weekday === weekday);
                    return (
                      <Table.Tr key={name}>
                        <Table.Td>{name}</Table.Td>
                        <Table.Td>
                          {ranges.length
                            ? ranges
                                .map((h) =>
                                  h.opens_at === '00:00' && h.closes_at === '23:59'
                                    ? '24 horas'
                                    : `${h.opens_at}–${h.closes_at}`,
                                )
                                .join(', ')
                            : 'Fechado'}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz="h4" mb="sm">
              {t.availability}
            </Title>
            <Availability uuid={r.uuid} hourCents={r.hour_price_cents} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}
