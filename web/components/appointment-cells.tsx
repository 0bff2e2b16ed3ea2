import { Table, Text } from '@mantine/core';
import { formatShortDate } from '#web/lib/format.ts';
import { RoomClinic } from './room-clinic.tsx';

/** Day, hour and room (over its clinic): the first cells of every appointment table. */
export function WhenWhereCells({
  appointment: a,
}: {
  appointment: { date_time: string; room: { name: string }; clinic: { name: string } };
}) {
  return (
    <>
      <Table.Td>{formatShortDate(a.date_time)}</Table.Td>
      <Table.Td>{a.date_time.slice(11, 16)}</Table.Td>
      <Table.Td>
        <RoomClinic room={a.room.name} clinic={a.clinic.name} />
      </Table.Td>
    </>
  );
}

/** A person's name over their e-mail. */
export function PersonCell({ person }: { person: { name: string; email: string } }) {
  return (
    <Table.Td>
      <Text size="sm">{person.name}</Text>
      <Text size="xs" c="dimmed">
        {person.email}
      </Text>
    </Table.Td>
  );
}
