import { Button } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendingReviews } from '../api.ts';
import { reviewPath, text } from '../messages.ts';

/** "Avaliar esta sala" on the specialist's booking page, while that booking may be reviewed. */
export function ReviewLink({ bookingUuid }: { bookingUuid: string }) {
  const pending = usePendingReviews();
  if (!pending.data?.some((p) => p.booking_uuid === bookingUuid)) return null;
  return (
    <Button
      component={Link}
      to={reviewPath(bookingUuid)}
      variant="light"
      leftSection={<IconStar size={16} aria-hidden="true" />}
      style={{ alignSelf: 'flex-start' }}
    >
      {text.bookingLink}
    </Button>
  );
}
