import { Anchor, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconExternalLink, IconMapPin, IconPhone } from '@tabler/icons-react';
import { formatPhone } from '#common/br/masks';
import type { RoomDetail } from '#common/contracts/rooms';
import { weekdayNames } from '#common/domain/supply';
import { roundIcon } from '#web/components/mantine-vars.ts';
import { keptHtml, useKeptHtml } from '#web/lib/hydrated.ts';
import { mapsUrl } from '../maps.ts';
import { text } from '../messages.ts';

const t = text.room;

export const addressLine = (a: NonNullable<RoomDetail['clinic']['address']>) =>
  `${a.street}, ${a.number} — ${a.neighborhood}, ${a.city} / ${a.state}`;

/** The clinic's address, with a link that opens it in the person's maps app. */
export function AddressLink({ room }: { room: RoomDetail }) {
  const a = room.clinic.address;
  if (!a) return null;
  const line = addressLine(a);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconMapPin size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {line} ·{' '}
        <Anchor
          href={mapsUrl(a)}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
          aria-label={t.openMapsLabel(line)}
        >
          {t.openMaps}
          <IconExternalLink size={12} aria-hidden="true" style={{ marginLeft: 2, verticalAlign: -1 }} />
        </Anchor>
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="lg">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * About, facilities, where and opening hours. Nothing here changes once drawn, so the browser keeps
 * the server's HTML of it instead of hydrating it (useKeptHtml; docs/performance.md, "Décima
 * rodada").
 */
export function RoomDetails({ room }: { room: RoomDetail }) {
  const kept = useKeptHtml();
  const phone = room.clinic.phones[0];
  if (kept) return <Stack gap="lg" {...keptHtml} />;
  return (
    <Stack gap="lg">
      <Section title={t.about}>
        <Text style={{ whiteSpace: 'pre-line' }}>{room.description}</Text>
        {room.clinic.description && (
          <Text mt="sm" c="dimmed" size="sm">
            {room.clinic.description}
          </Text>
        )}
      </Section>
      {room.facilities.length > 0 && (
        <Section title={t.facilities}>
          <Box
            component="ul"
            m={0}
            p={0}
            style={{
              listStyle: 'none',
              display: 'grid',
              gap: 8,
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
            }}
          >
            {room.facilities.map((f) => (
              <Group component="li" key={f.uuid} gap={8} wrap="nowrap">
                <ThemeIcon size={22} vars={roundIcon} variant="light" aria-hidden="true">
                  <IconCheck size={14} />
                </ThemeIcon>
                <Text size="sm">{f.name}</Text>
              </Group>
            ))}
          </Box>
        </Section>
      )}
      <Section title={t.where}>
        <Stack gap="xs">
          <Text fw={600}>{room.clinic.name}</Text>
          <AddressLink room={room} />
          {phone && (
            <Group gap={6}>
              <IconPhone size={18} aria-hidden="true" />
              <Anchor href={`tel:+55${phone.area_code}${phone.number.replace(/\D/g, '')}`} size="sm">
                {formatPhone(`${phone.area_code}${phone.number}`)}
              </Anchor>
            </Group>
          )}
        </Stack>
      </Section>
      <Section title={t.hours}>
        {/* A plain table: Mantine's wraps itself in a scroll area, whose code a room page needs for
            nothing else. */}
        <table className="salas-hours-table">
          <tbody>
            {weekdayNames.map((name, weekday) => {
              const ranges = room.hours.filter((h) => h.weekday === weekday);
              return (
                <tr key={name}>
                  <td>{name}</td>
                  <td>
                    {ranges.length
                      ? ranges
                          .map((h) =>
                            h.opens_at === '00:00' && h.closes_at === '23:59'
                              ? t.allDay
                              : `${h.opens_at}–${h.closes_at}`,
                          )
                          .join(', ')
                      : t.closed}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Section>
    </Stack>
  );
}
