import { Text } from '@mantine/core';

/** A room's name over its clinic's, as every appointment list shows them. */
export function RoomClinic({ room, clinic }: { room: string; clinic: string }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {room}
      </Text>
      <Text size="xs" c="dimmed">
        {clinic}
      </Text>
    </>
  );
}
