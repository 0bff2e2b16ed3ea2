import '#web/components/responsive.css';
import '../components/room-page.css';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { lazy, memo, Suspense, useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { RoomDetail } from '#common/contracts/rooms';
import { publicTitles } from '#common/domain/page-titles';
import { RoomNotFound } from '#web/components/not-found.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { backToList } from '#web/components/search-url.ts';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { RatingLine, RoomReviewsSection } from '#web/features/reviews/components/room-reviews-entry.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.tsx';
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

/**
 * The room itself: the way back, name, address, photos, price and details. Memoised: what changes
 * on the page after it is drawn (the session known, hours picked) is the booking side's, and the
 * room's own part is not drawn again for it (on a phone that redraw held the page for a second).
 */
const RoomIntro = memo(function RoomIntro({ room, back }: { room: RoomDetail; back: string }) {
  return (
    <Stack gap="lg" style={{ minWidth: 0 }}>
      <Anchor component={Link} to={back} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden="true" />
          {text.room.back}
        </Group>
      </Anchor>
      <div>
        <Title order={1} className="salas-page-title">
          {room.name}
        </Title>
        <Text c="dimmed">{room.clinic.name}</Text>
        <RatingLine room={room} />
        <AddressLink room={room} />
      </div>
      <RoomGallery photos={room.photos} name={room.name} />
      <div className="salas-room-narrow-only">
        <HourPrice cents={room.hour_price_cents} />
      </div>
      <RoomDetails room={room} />
      <RoomReviewsSection room={room} />
    </Stack>
  );
});

/**
 * The room with, from 62em, the booking card beside it; below that width the bottom bar and sheet.
 * Which one shows is chosen by CSS (components/room-page.css), never by reading the window while
 * rendering: the server draws both, and the browser's first render is the same.
 */
function RoomView({ room }: { room: RoomDetail }) {
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
      <div className="salas-room-layout">
        <RoomIntro room={room} back={back} />
        <div className="salas-room-side">
          <BookingCard room={room} booking={booking} />
        </div>
      </div>
      <BookingBar room={room} booking={booking} />
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

/**
 * /rooms/{uuid}: the public room page (no breadcrumb, SPEC §2). An unknown, unpublished or
 * malformed room (the query answers null for a 404, as the server seeds it) is "Sala não
 * encontrada" with the way back to search.
 */
export function RoomPage() {
  const { uuid } = useParams();
  const room = useRoomDetail(uuid);
  const { user } = useSession();
  // The server draws a draft as not found (it does not know who asks); its own partner's browser
  // asks again with the session, which answers the preview (decision 0038).
  const partner = user?.role_name === 'partner';
  const unknown = room.data === null;
  useEffect(() => {
    if (partner && unknown) void room.refetch();
  }, [partner, unknown]);
  const missing =
    (unknown && !(partner && room.isFetching)) ||
    (room.error instanceof ApiError && room.error.status === 404);
  usePageTitle(room.data ? publicTitles.room(room.data) : missing ? publicTitles.roomMissing : 'Sala');
  if (missing) return <RoomNotFound />;
  return (
    <QueryState
      isPending={room.isPending || (unknown && room.isFetching)}
      error={room.error}
      retry={() => room.refetch()}
    >
      {room.data && <RoomView room={room.data} />}
    </QueryState>
  );
}
