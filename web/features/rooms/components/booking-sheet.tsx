import { Box, Drawer, Stack } from '@mantine/core';
import type { RoomDetail } from '#common/contracts/rooms';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { BookingBody, RoomRules } from './booking-card.tsx';
import { BookingFooter } from './booking-footer.tsx';

/** Phones: the booking card as a sheet from the bottom; its total and "Reservar" stay in view. */
export function BookingSheet({
  opened,
  onClose,
  room,
  booking,
  onReserve,
}: {
  opened: boolean;
  onClose(): void;
  room: RoomDetail;
  booking: RoomBooking;
  onReserve(): void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="92%"
      title={text.bar.sheet}
      closeButtonProps={{ 'aria-label': text.gallery.close }}
      radius="lg"
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 0 },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
      }}
    >
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} pb="md">
        <Stack gap="sm">
          <RoomRules room={room} />
          <BookingBody room={room} booking={booking} />
        </Stack>
      </Box>
      <Box
        py="sm"
        style={{
          borderTop: '1px solid var(--mantine-color-gray-3)',
          paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        }}
      >
        <BookingFooter booking={booking} onReserve={onReserve} />
      </Box>
    </Drawer>
  );
}
