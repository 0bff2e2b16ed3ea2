import { Alert } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { text } from '../messages.ts';

/** Says the picked hours wait for the person, when the way back is a room page. */
export function BookingKeptNote({ redirect }: { redirect: string | undefined }) {
  if (!redirect?.startsWith('/rooms/')) return null;
  return (
    <Alert color="salas" variant="light" icon={<IconCalendarCheck size={18} aria-hidden="true" />}>
      {text.bookingKept}
    </Alert>
  );
}
