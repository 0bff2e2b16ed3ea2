/** On the room page, under the day's hours: join the waitlist for a range of that day. */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useJoinWaitlist } from '../api.ts';
import { text } from '../messages.ts';

export function WaitlistJoin({
  roomUuid,
  date,
  slots,
  slotMinutes,
}: {
  roomUuid: string;
  date: string;
  slots: { date_time: string; available: boolean }[];
  slotMinutes: number;
}) {
  const join = useJoinWaitlist();
  const [open, setOpen] = useState(false);
  const taken = slots.filter((s) => !s.available);
  const times = slots.map((s) => s.date_time.slice(11, 16));
  const endOf = (hhmm: string) => {
    const m = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + slotMinutes;
    return m >= 1440
      ? '24:00'
      : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  const ends = times.map(endOf);
  const firstTaken = taken[0]?.date_time.slice(11, 16) ?? times[0];
  const [from, setFrom] = useState<string | null>(firstTaken ?? null);
  const [to, setTo] = useState<string | null>(firstTaken ? endOf(firstTaken) : null);
  if (taken.length === 0 || times.length === 0) return null;
  if (!open)
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {text.ask}
      </Button>
    );
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {text.askHint}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={text.from}
          data={times}
          value={from}
          onChange={(v) => {
            setFrom(v);
            // The end follows a start moved past it: at least one slot long.
            if (v && (!to || to <= v)) setTo(endOf(v));
          }}
          allowDeselect={false}
          w={110}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        <Select
          label={text.to}
          data={ends.filter((e) => !from || e > from)}
          value={to}
          onChange={setTo}
          allowDeselect={false}
          w={110}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        <Button
          variant="light"
          loading={join.isPending}
          disabled={!from || !to}
          onClick={() =>
            join.mutate(
              { room_uuid: roomUuid, date, from: from!, to: to! },
              {
                onSuccess: () => {
                  notifySuccess(text.joined);
                  setOpen(false);
                },
                onError: (err) => notifyError(text.failed, errorText(err)),
              },
            )
          }
        >
          {text.join}
        </Button>
      </Group>
    </Stack>
  );
}
