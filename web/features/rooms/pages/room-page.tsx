import { Alert, Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { RoomDetail } from '#common/contracts/rooms';
import { QueryState } from '#web/components/query-state.tsx';
import { backToList } from '#web/components/search-url.ts';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useRoomDetail } from '../api.ts';
import { BookingBar } from '../components/booking-bar.tsx';
import { BookingCard, HourPrice } from '../components/booking-card.tsx';
import { AddressLink, RoomDetails } from '../components/room-details.tsx';
import { RoomGallery } from '../components/room-gallery.tsx';
import { text } from '../messages.ts';
import { useRoomBooking } from '../use-room-booking.ts';

// Payment (card form, Pix) loads when a person books.
const BookingModal = lazy(async () => ({
  default: (await import('#web/features/bookings/components/booking-modal.tsx')).BookingModal,
}));

/** From this width the booking card sits beside the room; below it, the bottom bar and sheet. */
export const BOOKING_CARD_QUERY = '(min-width: 62em)';

function RoomView({ room }: { room: RoomDetail }) {
  const wide = useMediaQuery(BOOKING_CARD_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const booking = useRoomBooking(room);
  const [params] = useSearchParams();
  const location = useLocation();
  const back = backToList(params, (location.state as { from?: unknown } | null)?.from);

  return (
    <Stack gap="md">
      {room.preview && (
        <Alert color="yellow" variant="light" icon={<IconEye aria-hidden="true" />}>
          <Stack gap={4}>
            <Text fw={700}>{text.room.previewTitle}</Text>
            <Text size="sm">{text.room.previewBody}</Text>
            <Anchor component={Link} to={`/parceiro/gestao/salas/${room.uuid}`} size="sm" fw={600}>
              {text.room.previewEdit}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Anchor component={Link} to={back} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden="true" />
          {text.room.back}
        </Group>
      </Anchor>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={{ base: 'h2', md: 'h1' }}>
                {room.name}
              </Title>
              <Text c="dimmed">{room.clinic.name}</Text>
              <AddressLink room={room} />
            </div>
            <RoomGallery photos={room.photos} name={room.name} wide={wide} />
            {!wide && <HourPrice cents={room.hour_price_cents} />}
            <RoomDetails room={room} />
          </Stack>
        </Grid.Col>
        {wide && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BookingCard room={room} booking={booking} />
          </Grid.Col>
        )}
      </Grid>
      {!wide && <BookingBar room={room} booking={booking} />}
      {booking.confirming && (
        <Suspense>
          <BookingModal
            opened
            onClose={booking.closeConfirm}
            room={{ name: room.name, clinic: room.clinic.name, slotMinutes: room.booking_rules.slot_minutes }}
            roomUuid={room.uuid}
            dateTimes={booking.selected}
            totalCents={booking.totalCents}
            returnTo={booking.here}
            onLeaveForStep={booking.leaveForStep}
            onBooked={booking.booked}
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
  return (
    <QueryState isPending={room.isPending} error={room.error} retry={() => room.refetch()}>
      {room.data && <RoomView room={room.data} />}
    </QueryState>
  );
}
