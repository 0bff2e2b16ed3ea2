import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { DeskBooking } from '#common/contracts/desk';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { RoomClinic } from '#web/components/room-clinic.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { DeskStatusBadge, deskDate, deskHour, deskWhen } from './desk-status-badge.tsx';

const t = text.desk;
export const deskBookingPath = (uuid: string) => `/admin/gestao/reservas/${uuid}`;

interface Props {
  bookings: DeskBooking[];
  /** The specialist's own page leaves out the person's column. */
  showPerson?: boolean;
  phone: boolean;
}

/** "25/11/26 09:00" and, for a longer booking, "+ 2 horários". */
function Hours({ booking }: { booking: DeskBooking }) {
  const [first, ...rest] = booking.appointments;
  if (!first) return <Text size="sm">—</Text>;
  return (
    <>
      <Text size="sm" fw={700} component="span">
        {deskDate(first.date_time)} {deskHour(first.date_time)}
      </Text>
      {rest.length > 0 && (
        <Text size="xs" c="dark.4">
          {t.moreHours(rest.length)}
        </Text>
      )}
    </>
  );
}

function Person({ booking }: { booking: DeskBooking }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {booking.outside ? t.outside(booking.outside.name) : booking.customer.name}
      </Text>
      <Text size="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
        {booking.outside ? (booking.outside.email ?? booking.customer.name) : booking.customer.email}
      </Text>
    </>
  );
}

function Amount({ booking }: { booking: DeskBooking }) {
  return (
    <>
      <Group gap={4} wrap="wrap">
        <Text size="sm" fw={600}>
          {formatBrl(booking.amount_cents)}
        </Text>
        <DisputeBadge status={booking.payment_status} />
      </Group>
      <Text size="xs" c="dark.4">
        {t.methods[booking.payment_method] ?? booking.payment_method}
      </Text>
    </>
  );
}

const label = (b: DeskBooking) =>
  t.open(b.room.name, b.appointments[0] ? deskWhen(b.appointments[0].date_time) : '');

/** On a phone, one card per booking; the whole card opens it. */
function BookingCards({ bookings, showPerson = true }: Props) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} aria-label={t.listLabel} style={{ listStyle: 'none' }}>
      {bookings.map((b) => (
        <li key={b.uuid}>
          <Card
            withBorder
            padding="sm"
            component={Link}
            to={deskBookingPath(b.uuid)}
            aria-label={label(b)}
            style={{ color: 'inherit' }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Hours booking={b} />
                <RoomClinic room={b.room.name} clinic={b.clinic.name} />
              </div>
              <DeskStatusBadge status={b.status} />
            </Group>
            {showPerson && (
              <div style={{ marginTop: 6 }}>
                <Person booking={b} />
              </div>
            )}
            <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
              <div>
                <Amount booking={b} />
              </div>
              <Text size="xs" c="dark.4">
                {t.createdAt(deskDate(b.created_at))}
              </Text>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function BookingTable({ bookings, showPerson = true }: Props) {
  const navigate = useNavigate();
  const c = t.columns;
  return (
    <ScrollTable minWidth={showPerson ? 900 : 700} label={t.listLabel}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.hours}</Table.Th>
            {showPerson && <Table.Th>{c.person}</Table.Th>}
            <Table.Th>{c.room}</Table.Th>
            <Table.Th>{c.amount}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th>{c.created}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((b) => (
            <Table.Tr
              key={b.uuid}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                navigate(deskBookingPath(b.uuid));
              }}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Anchor component={Link} to={deskBookingPath(b.uuid)} aria-label={label(b)} c="inherit">
                  <Hours booking={b} />
                </Anchor>
              </Table.Td>
              {showPerson && (
                <Table.Td>
                  <Person booking={b} />
                </Table.Td>
              )}
              <Table.Td>
                <RoomClinic room={b.room.name} clinic={b.clinic.name} />
              </Table.Td>
              <Table.Td>
                <Amount booking={b} />
              </Table.Td>
              <Table.Td>
                <DeskStatusBadge status={b.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{deskWhen(b.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Bookings as cards below 768 px and as a table above; every one opens its page. */
export function DeskBookingList(props: Props) {
  return props.phone ? <BookingCards {...props} /> : <BookingTable {...props} />;
}
