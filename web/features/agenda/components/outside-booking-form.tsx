/**
 * "Reserva de fora" (issue 31): the partner records hours for someone who booked directly with the
 * clinic. Room, day, start and length, the person's name and, if given, an e-mail that receives the
 * confirmation and the calendar invitation. The server checks the hours (open, free, not past); when
 * the clinic's limit of mails to outside addresses is reached it records the hours without the mail,
 * and the toast says so.
 */
import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { durationLabel } from '#common/domain/booking-rules';
import { limitMessages } from '#common/domain/limits';
import { zonedInstant } from '#common/time/zone';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { useRoomRules, useRooms } from '#web/features/supply/api.ts';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useRecordOutsideBooking } from '../api.ts';
import { text } from '../messages.ts';

const wall = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function OutsideBookingForm({
  initialRoom,
  initialDate,
  onDone,
}: {
  initialRoom: string | null;
  initialDate: string;
  onDone(): void;
}) {
  const rooms = useRooms();
  const [room, setRoom] = useState<string | null>(initialRoom);
  const [date, setDate] = useState<string | null>(initialDate);
  const [start, setStart] = useState<string | null>('09:00');
  const [length, setLength] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rules = useRoomRules(room ?? undefined);
  const record = useRecordOutsideBooking();

  const slot = rules.data?.effective.slot_minutes ?? 60;
  const starts = Array.from({ length: (24 * 60) / slot }, (_, i) => wall(i * slot));
  const lengths = Array.from({ length: (8 * 60) / slot }, (_, i) => (i + 1) * slot);
  const chosenLength = Number(length ?? slot);
  const timezone = rooms.data?.find((r) => r.uuid === room)?.clinic.timezone ?? 'America/Sao_Paulo';

  const submit = () => {
    setError(null);
    if (!room) return setError(text.outside.chooseRoom);
    if (!date || !start) return setError(text.outside.chooseDate);
    const first = zonedInstant(date, start, timezone).getTime();
    const date_times = Array.from({ length: chosenLength / slot }, (_, i) =>
      new Date(first + i * slot * 60_000).toISOString(),
    );
    record.mutate(
      { room, body: { date_times, customer_name: name, customer_email: email || null, note: note || null } },
      {
        onSuccess: (booking) => {
          // Past the clinic's limit of mails to people outside the platform the booking stands but
          // the person was not told (DESIGN §10): the partner must tell them another way.
          if (booking.mail === 'limited') notifyError(text.outside.mailNotSent, limitMessages.outsideMails);
          else notifySuccess(text.outside.created);
          onDone();
        },
        onError: (err) => setError(errorText(err, 'Não foi possível registrar a reserva.')),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{text.outside.intro}</Text>
      <Select
        label={text.outside.room}
        data={(rooms.data ?? []).map((r) => ({ value: r.uuid, label: `${r.name} (${r.clinic.name})` }))}
        value={room}
        onChange={setRoom}
        allowDeselect={false}
        searchable
        required
      />
      <DatePickerInput
        label={text.outside.date}
        value={date}
        onChange={(v) => setDate(v ? String(v).slice(0, 10) : null)}
        valueFormat="DD/MM/YYYY"
        locale="pt-br"
        required
      />
      <Group grow align="flex-start">
        <Select
          label={text.outside.start}
          data={starts}
          value={start}
          onChange={setStart}
          allowDeselect={false}
          searchable
          required
        />
        <Select
          label={text.outside.length}
          data={lengths.map((m) => ({ value: String(m), label: durationLabel(m) }))}
          value={String(chosenLength)}
          onChange={setLength}
          allowDeselect={false}
          required
        />
      </Group>
      <TextInput
        label={text.outside.name}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={120}
        required
      />
      <TextInput
        label={text.outside.email}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        maxLength={254}
      />
      <Textarea
        label={text.outside.note}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={record.isPending}>
          {text.outside.submit}
        </Button>
      </Group>
    </Stack>
  );
}
