import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bulkBlockingBody, type Room } from '#common/contracts/supply';
import { toZonedIso, zonedInstant } from '#common/time/zone';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { TimeField } from '#web/components/time-field.tsx';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useBlockRooms } from '../api.ts';
import { text } from '../messages.ts';

const t = text.blocks;

/** Blocks one or many rooms for a time range of one day, in one go (POST /api/partner/bulkblocking). */
export function BlockForm({
  rooms,
  initialRooms,
  onDone,
}: {
  rooms: Room[];
  initialRooms: string[];
  onDone?: () => void;
}) {
  const block = useBlockRooms();
  const [selected, setSelected] = useState<string[]>(initialRooms);
  const [date, setDate] = useState<string | null>(null);
  const [from, setFrom] = useState('13:00');
  const [to, setTo] = useState('18:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const zone = rooms.find((r) => r.uuid === selected[0])?.clinic.timezone ?? 'America/Sao_Paulo';
    if (!date) return setError('Escolha o dia.');
    const at = (hhmm: string) =>
      /^\d\d:\d\d$/.test(hhmm) ? toZonedIso(zonedInstant(date, hhmm, zone), zone) : hhmm;
    const body = { room_uuid: selected, starts_at: at(from), ends_at: at(to), reason: reason || null };
    const parsed = bulkBlockingBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    block.mutate(parsed.data, {
      onSuccess: (rows) => {
        notifySuccess(t.created(rows.length));
        onDone?.();
      },
      onError: (err) => notifyError(text.errorTitle, errorText(err)),
    });
  };

  return (
    <Stack>
      <MultiSelect
        label={t.rooms}
        data={rooms.map((r) => ({ value: r.uuid, label: `${r.name} — ${r.clinic.name}` }))}
        value={selected}
        onChange={setSelected}
        searchable
      />
      <DatePickerInput
        label={t.date}
        value={date}
        onChange={(v) => setDate(v ? String(v).slice(0, 10) : null)}
        valueFormat="DD/MM/YYYY"
        minDate={new Date()}
      />
      <Group grow>
        <TimeField label={t.from} value={from} onChange={setFrom} />
        <TimeField label={t.to} value={to} onChange={setTo} />
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
      <Group justify="flex-end">
        <Button onClick={submit} loading={block.isPending}>
          {t.submit}
        </Button>
      </Group>
    </Stack>
  );
}
