/**
 * "Reserva de fora" (issue 31): the partner records hours for someone who booked directly with the
 * clinic. Room, day, start and length, the person's name and, if given, an e-mail that receives the
 * confirmation and the calendar invitation. It offers only what the server takes (issue 42): days
 * from today on, and the room's free hours of the chosen day as an outside booking sees them
 * (GET /api/partner/room/{room}/availability/{date}: open hours, not taken nor blocked, no notice
 * nor horizon); the lengths are the free hours in a row from the start. A clash at the last moment
 * says which hour. When the clinic's limit of mails to outside addresses is reached the server
 * records the hours without the mail, and the toast says so.
 */
import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Availability } from '#common/contracts/supply';
import { durationLabel } from '#common/domain/booking-rules';
import { limitMessages } from '#common/domain/limits';
import { zonedDate } from '#common/time/zone';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { useRoomRules, useRooms } from '#web/features/supply/api.ts';
import { ApiError, errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useOutsideSlots, useRecordOutsideBooking } from '../api.ts';
import { text } from '../messages.ts';

const t = text.outside;
/** The longest outside booking the form offers at once. */
const MAX_MINUTES = 8 * 60;
const hhmm = (iso: string) => iso.slice(11, 16);
type Slot = Availability['slots'][number];

/** The free slots in a row from `start` (its own included), up to MAX_MINUTES. */
function runFrom(slots: Slot[], start: string | null, slotMinutes: number): Slot[] {
  const i = slots.findIndex((s) => hhmm(s.date_time) === start && s.available);
  if (i < 0) return [];
  const run = [slots[i]!];
  for (let j = i + 1; j < slots.length && run.length * slotMinutes < MAX_MINUTES; j++) {
    const next = slots[j]!;
    const step = Date.parse(next.date_time) - Date.parse(run.at(-1)!.date_time);
    if (!next.available || step !== slotMinutes * 60_000) break;
    run.push(next);
  }
  return run;
}

export function OutsideBookingForm({
  initialRoom,
  initialDate,
  initialStart = null,
  onDone,
}: {
  initialRoom: string | null;
  initialDate: string;
  /** An hour tapped in the calendar (HH:MM), chosen when it is free. */
  initialStart?: string | null;
  /** Recorded: the day it is on (the agenda moves there). */
  onDone(day: string): void;
}) {
  const rooms = useRooms();
  const [room, setRoom] = useState<string | null>(initialRoom);
  const [date, setDate] = useState<string | null>(initialDate);
  const [start, setStart] = useState<string | null>(initialStart);
  const [length, setLength] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rules = useRoomRules(room ?? undefined);
  const slots = useOutsideSlots(room, date);
  const record = useRecordOutsideBooking();

  const slot = rules.data?.effective.slot_minutes ?? 60;
  const timezone = rooms.data?.find((r) => r.uuid === room)?.clinic.timezone ?? 'America/Sao_Paulo';
  const today = zonedDate(new Date(), timezone);
  const daySlots = slots.data?.slots ?? [];
  const starts = daySlots.filter((s) => s.available).map((s) => hhmm(s.date_time));
  // A start no longer free (another day, another room, just taken) is no choice.
  const chosenStart = start && starts.includes(start) ? start : null;
  const run = runFrom(daySlots, chosenStart, slot);
  const lengths = run.map((_, i) => (i + 1) * slot);
  const chosenLength = Math.min(Number(length ?? slot), lengths.at(-1) ?? slot);
  const noHours = Boolean(room && date && slots.isSuccess && starts.length === 0);

  const pick =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setError(null);
    };

  /** After a clash: which of the chosen hours are no longer free, read again. */
  const clashText = async (chosen: string[]) => {
    const fresh = (await slots.refetch()).data?.slots ?? [];
    const free = new Set(fresh.filter((s) => s.available).map((s) => Date.parse(s.date_time)));
    const taken = chosen.filter((iso) => !free.has(Date.parse(iso)));
    return taken.length ? t.taken(taken.map(hhmm), date!) : null;
  };

  const submit = () => {
    setError(null);
    if (!room) return setError(t.chooseRoom);
    if (!date) return setError(t.chooseDate);
    if (!chosenStart) return setError(t.chooseStart);
    const date_times = run.slice(0, chosenLength / slot).map((s) => s.date_time);
    record.mutate(
      { room, body: { date_times, customer_name: name, customer_email: email || null, note: note || null } },
      {
        onSuccess: (booking) => {
          // Past the clinic's limit of mails to people outside the platform the booking stands but
          // the person was not told (DESIGN §10): the partner must tell them another way.
          if (booking.mail === 'limited') notifyError(t.mailNotSent, limitMessages.outsideMails);
          else notifySuccess(t.created);
          onDone(date);
        },
        onError: async (err) => {
          const clash = err instanceof ApiError && err.status === 409 ? await clashText(date_times) : null;
          setError(clash ?? errorText(err, t.failed));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t.intro}</Text>
      <Select
        label={t.room}
        data={(rooms.data ?? []).map((r) => ({ value: r.uuid, label: `${r.name} (${r.clinic.name})` }))}
        value={room}
        onChange={pick(setRoom)}
        allowDeselect={false}
        searchable
        required
      />
      <DatePickerInput
        label={t.date}
        value={date}
        onChange={pick((v: string | null) => setDate(v ? String(v).slice(0, 10) : null))}
        valueFormat="DD/MM/YYYY"
        locale="pt-br"
        minDate={today}
        required
      />
      <Group grow align="flex-start">
        <Select
          label={t.start}
          placeholder={
            !room ? t.roomFirst : slots.isFetching && !slots.data ? t.loadingHours : t.startPlaceholder
          }
          data={starts}
          value={chosenStart}
          onChange={pick(setStart)}
          allowDeselect={false}
          disabled={!room || !date || noHours}
          searchable
          required
          miw={0}
        />
        <Select
          label={t.length}
          data={(lengths.length ? lengths : [slot]).map((m) => ({
            value: String(m),
            label: durationLabel(m),
          }))}
          value={String(chosenLength)}
          onChange={pick(setLength)}
          allowDeselect={false}
          disabled={!chosenStart}
          required
          miw={0}
        />
      </Group>
      {noHours && (
        <Text size="sm" c="dimmed" role="status">
          {date && date < today ? t.pastDay : t.noHours}
        </Text>
      )}
      {slots.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(slots.error, t.hoursFailed)}
        </Text>
      )}
      <TextInput
        label={t.name}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={120}
        required
      />
      <TextInput
        label={t.email}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        maxLength={254}
      />
      <Textarea
        label={t.note}
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
          {t.submit}
        </Button>
      </Group>
    </Stack>
  );
}
