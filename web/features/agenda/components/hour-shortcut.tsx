/**
 * A free hour tapped in the calendar (issue 42): record an outside booking for it or block it, with
 * that hour prefilled. The block form is the rooms page's own (web/features/supply), so a block over
 * held hours still lists them and asks.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Room } from '#common/contracts/supply';
import { BlockForm } from '#web/features/supply/components/block-form.tsx';
import { text } from '../messages.ts';
import { dayTitle, type PickedHour } from './agenda-calendar.tsx';

const t = text.pickedHour;

/** The hour after `time` (HH:MM), or the day's last minute. */
const hourAfter = (time: string) =>
  time >= '23:00' ? '23:59' : `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`;

export function HourShortcut({
  picked,
  roomName,
  onRecord,
  onBlock,
  onClose,
}: {
  picked: PickedHour | null;
  /** The tapped column's room, when it is one (the day view, a room chosen). */
  roomName?: string;
  onRecord(hour: PickedHour): void;
  onBlock(hour: PickedHour): void;
  onClose(): void;
}) {
  return (
    <Modal
      opened={Boolean(picked)}
      onClose={onClose}
      title={picked ? t.title(dayTitle(picked.day), picked.time) : ''}
      size="sm"
    >
      {picked && (
        <Stack gap="xs">
          {roomName && <Text size="sm">{t.room(roomName)}</Text>}
          <Button onClick={() => onRecord(picked)}>{t.record}</Button>
          <Button variant="light" onClick={() => onBlock(picked)}>
            {t.block}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

/** "Bloquear" from a tapped hour: the block form with its room (if any), day and hour. */
export function BlockHourDialog({
  hour,
  rooms,
  onClose,
}: {
  hour: PickedHour | null;
  rooms: Room[];
  onClose(): void;
}) {
  return (
    <Modal opened={Boolean(hour)} onClose={onClose} title={t.blockTitle}>
      {hour && (
        <BlockForm
          rooms={rooms}
          initialRooms={hour.room ? [hour.room] : []}
          initialDate={hour.day}
          initialFrom={hour.time}
          initialTo={hourAfter(hour.time)}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
