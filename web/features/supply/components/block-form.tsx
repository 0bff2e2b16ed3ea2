import { Alert, Button, Group, List, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import {
  type BlockConflict,
  type BulkBlockingBody,
  blockConflictResponse,
  bulkBlockingBody,
  type Room,
} from '#common/contracts/supply';
import { toZonedIso, zonedInstant } from '#common/time/zone';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { TimeField } from '#web/components/time-field.tsx';
import { errorBody, errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useBlockRooms } from '../api.ts';
import { text } from '../messages.ts';

const t = text.blocks;
const HHMM = /^\d\d:\d\d$/;
/** At most this many held hours listed; the rest is counted. */
const LISTED = 10;

/** "30/11 10:00" from the zoned ISO the server answers. */
const dayHour = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)} ${iso.slice(11, 16)}`;

/** Long labels wrap inside the button instead of pushing the dialog sideways (360 px). */
const wrapping = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 } satisfies CSSProperties,
  label: {
    whiteSpace: 'normal',
    height: 'auto',
    lineHeight: 1.3,
    textAlign: 'center',
  } satisfies CSSProperties,
};

type Field = 'rooms' | 'date' | 'from' | 'to';
type Conflicts = { body: BulkBlockingBody; list: BlockConflict['conflicts'] };

/**
 * Blocks one or many rooms for a time range of one day, in one go (POST /api/partner/bulkblocking).
 * It starts empty (no room, no hours: issue 31) and never lands silently on held hours (DESIGN §9):
 * a 409 lists the bookings in the interval, then the partner blocks only the free parts or cancels
 * them with a full refund.
 */
export function BlockForm({
  rooms,
  initialRooms,
  initialDate = null,
  initialFrom = '',
  initialTo = '',
  onDone,
}: {
  rooms: Room[];
  /** Rooms chosen at the start: the room being edited; the rooms page starts with none. */
  initialRooms?: string[];
  /** A free hour tapped in the agenda: its day (yyyy-MM-dd) and hours (HH:MM). */
  initialDate?: string | null;
  initialFrom?: string;
  initialTo?: string;
  onDone?: () => void;
}) {
  const block = useBlockRooms();
  const [selected, setSelected] = useState<string[]>(initialRooms ?? []);
  const [date, setDate] = useState<string | null>(initialDate);
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string>();
  const [conflicts, setConflicts] = useState<Conflicts | null>(null);
  const [confirming, setConfirming] = useState(false);
  const conflictsRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // The submit button gives way to the choices: keep the keyboard focus in the form.
  useEffect(() => {
    if (conflicts && !confirming) conflictsRef.current?.focus();
    if (conflicts && confirming) confirmRef.current?.focus();
  }, [conflicts, confirming]);

  /** Any change of rooms or interval makes the listed conflicts stale. */
  const edit =
    <T,>(set: (v: T) => void, field?: Field) =>
    (v: T) => {
      set(v);
      setConflicts(null);
      setConfirming(false);
      if (field) setErrors((e) => ({ ...e, [field]: undefined }));
    };

  const send = (body: BulkBlockingBody, kept?: BlockConflict['conflicts']) =>
    block.mutate(body, {
      onSuccess: (rows) => {
        if (body.on_conflict === 'skip') notifySuccess(t.skipped(kept?.length ?? 0, rows.length));
        else if (body.on_conflict === 'cancel') notifySuccess(t.canceled(kept?.length ?? 0));
        else notifySuccess(t.created(rows.length));
        setConflicts(null);
        setConfirming(false);
        onDone?.();
      },
      onError: (err) => {
        const held = body.on_conflict ? undefined : errorBody(err, 409, blockConflictResponse);
        if (held) {
          setConflicts({ body, list: held.conflicts });
          setConfirming(false);
        } else notifyError(text.errorTitle, errorText(err));
      },
    });

  const submit = () => {
    const missing: Partial<Record<Field, string>> = {};
    if (selected.length === 0) missing.rooms = t.needRooms;
    if (!date) missing.date = t.needDate;
    if (!HHMM.test(from)) missing.from = t.needFrom;
    if (!HHMM.test(to)) missing.to = t.needTo;
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !date) return setError(undefined);
    const zone = rooms.find((r) => r.uuid === selected[0])?.clinic.timezone ?? 'America/Sao_Paulo';
    const at = (hhmm: string) => toZonedIso(zonedInstant(date, hhmm, zone), zone);
    const parsed = bulkBlockingBody.safeParse({
      room_uuid: selected,
      starts_at: at(from),
      ends_at: at(to),
      reason: reason || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send(parsed.data);
  };

  const byUuid = new Map(rooms.map((r) => [r.uuid, r]));
  const manyClinics = new Set(selected.map((u) => byUuid.get(u)?.clinic.uuid)).size > 1;
  const roomName = (uuid: string) => {
    const room = byUuid.get(uuid);
    if (!room) return 'Sala';
    return manyClinics ? `${room.name} (${room.clinic.name})` : room.name;
  };
  const listed = [...(conflicts?.list ?? [])].sort(
    (a, b) =>
      a.date_time.localeCompare(b.date_time) || roomName(a.room_uuid).localeCompare(roomName(b.room_uuid)),
  );
  const n = listed.length;

  return (
    <Stack>
      <MultiSelect
        label={t.rooms}
        placeholder={selected.length ? undefined : t.roomsPlaceholder}
        data={rooms.map((r) => ({ value: r.uuid, label: `${r.name} — ${r.clinic.name}` }))}
        value={selected}
        onChange={edit(setSelected, 'rooms')}
        error={errors.rooms}
        searchable
        required
      />
      <DatePickerInput
        label={t.date}
        placeholder="dd/mm/aaaa"
        value={date}
        onChange={edit((v: string | null) => setDate(v ? String(v).slice(0, 10) : null), 'date')}
        valueFormat="DD/MM/YYYY"
        minDate={new Date()}
        error={errors.date}
        required
      />
      <Group grow align="flex-start">
        <TimeField
          label={t.from}
          value={from}
          onChange={edit(setFrom, 'from')}
          error={errors.from}
          required
          miw={0}
        />
        <TimeField label={t.to} value={to} onChange={edit(setTo, 'to')} error={errors.to} required miw={0} />
      </Group>
      <TextInput
        label={t.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={200}
      />
      {error && (
        <div role="alert" style={{ color: 'var(--mantine-color-red-8)', fontSize: 14 }}>
          {error}
        </div>
      )}
      {conflicts ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title={t.conflictsTitle(n)}
          data-testid="block-conflicts"
          // The title and texts in the text colour: orange on light orange is too faint (axe).
          styles={{ title: { color: 'var(--mantine-color-text)' }, message: { minWidth: 0 } }}
        >
          {confirming ? (
            <Stack gap="sm" ref={confirmRef} tabIndex={-1} style={{ outline: 'none' }}>
              <Text fw={700} size="sm" c="var(--mantine-color-text)">
                {t.confirmTitle(n)}
              </Text>
              <Text size="sm" c="var(--mantine-color-text)">
                {t.confirmBody}
              </Text>
              <Group gap="xs" justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => setConfirming(false)}
                  disabled={block.isPending}
                  styles={wrapping}
                  style={{ flex: '1 1 auto' }}
                >
                  {t.confirmNo}
                </Button>
                <Button
                  color="red.9"
                  onClick={() =>
                    send({ ...conflicts.body, reason: reason || null, on_conflict: 'cancel' }, conflicts.list)
                  }
                  loading={block.isPending}
                  styles={wrapping}
                  style={{ flex: '1 1 auto' }}
                >
                  {t.confirmYes}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm" ref={conflictsRef} tabIndex={-1} style={{ outline: 'none' }}>
              <Text size="sm" c="var(--mantine-color-text)">
                {t.conflictsBody}
              </Text>
              <List size="sm" spacing={2} aria-label={t.conflictsList} c="var(--mantine-color-text)">
                {listed.slice(0, LISTED).map((c) => (
                  <List.Item
                    key={`${c.appointment_uuid}-${c.date_time}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {roomName(c.room_uuid)} — {dayHour(c.date_time)} · {c.customer_name}
                  </List.Item>
                ))}
              </List>
              {n > LISTED && (
                <Text size="sm" c="var(--mantine-color-text)">
                  {n - LISTED === 1 ? 'e mais 1 reserva.' : `e mais ${n - LISTED} reservas.`}
                </Text>
              )}
              <Group gap="xs">
                <Button
                  onClick={() =>
                    send({ ...conflicts.body, reason: reason || null, on_conflict: 'skip' }, conflicts.list)
                  }
                  loading={block.isPending}
                  styles={wrapping}
                  style={{ flex: '1 1 auto' }}
                >
                  {t.skip}
                </Button>
                <Button
                  color="red.9"
                  variant="outline"
                  onClick={() => setConfirming(true)}
                  disabled={block.isPending}
                  styles={wrapping}
                  style={{ flex: '1 1 auto' }}
                >
                  {t.cancel}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setConflicts(null);
                    setConfirming(false);
                    requestAnimationFrame(() => submitRef.current?.focus());
                  }}
                  disabled={block.isPending}
                  styles={wrapping}
                  style={{ flex: '1 1 auto' }}
                >
                  {t.back}
                </Button>
              </Group>
            </Stack>
          )}
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button ref={submitRef} onClick={submit} loading={block.isPending}>
            {t.submit}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
