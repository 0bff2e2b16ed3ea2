import {
  Anchor,
  Badge,
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
import { DatePicker } from '@mantine/dates';
import { IconArrowLeft, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { weekdayNames } from '#common/contracts/supply';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useAvailability, useRoomDetail } from '../api.ts';
import { text } from '../messages.ts';

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

function Availability({ uuid }: { uuid: string }) {
  const [date, setDate] = useState<string | null>(null);
  const day = useAvailability(uuid, date);
  return (
    <Stack>
      <Group align="flex-start" wrap="wrap" gap="lg">
        <DatePicker
          value={date}
          onChange={(v) => setDate(v ? String(v).slice(0, 10) : null)}
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
                  checked={false}
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
            <Availability uuid={r.uuid} />
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}
