import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type HourRange, weekHoursBody } from '#common/contracts/supply';
import { weekdayNames } from '#common/domain/supply';
import { TimeField } from '#web/components/time-field.tsx';
import { text } from '../messages.ts';

interface Props {
  value: HourRange[];
  /** Its own "Salvar" (the clinic set-up); absent, the editor has no button and reports `onDraft`. */
  onSave?(hours: HourRange[]): Promise<unknown>;
  /** Every change, as typed (the room editor's one "Salvar" checks and sends it; decision 0038). */
  onDraft?(hours: HourRange[]): void;
  /** A problem found by the one who saves (draft mode). */
  error?: string;
  saving?: boolean;
  disabled?: boolean;
  /** The save button's text ("Salvar e continuar" in the clinic set-up). */
  saveLabel?: string;
  /** Extra buttons beside save (e.g. "Voltar"). */
  actions?: React.ReactNode;
}

type Day = { open: boolean; opens_at: string; closes_at: string };

const toDays = (hours: HourRange[]): Day[] =>
  weekdayNames.map((_, weekday) => {
    const h = hours.find((r) => r.weekday === weekday);
    return h
      ? { open: true, opens_at: h.opens_at, closes_at: h.closes_at }
      : { open: false, opens_at: '08:00', closes_at: '18:00' };
  });

const toHours = (days: Day[]): HourRange[] =>
  days.flatMap((d, weekday) => (d.open ? [{ weekday, opens_at: d.opens_at, closes_at: d.closes_at }] : []));

/** The week's first problem, named by its day ("Terça: O horário de fechamento…"), or null. */
export function hoursProblem(hours: HourRange[]): string | null {
  const parsed = weekHoursBody.safeParse({ hours });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const day = typeof issue?.path[1] === 'number' ? `${weekdayNames[hours[issue.path[1]]!.weekday]}: ` : '';
  return `${day}${issue?.message ?? ''}`;
}

/**
 * One range per weekday in 24-hour time, with the SPEC's hint (00:00 to 23:59) and "copy to all
 * days": one day set, copied to the week (every day opened), then the closed days unticked.
 */
export function HoursEditor({
  value,
  onSave,
  onDraft,
  error: outsideError,
  saving,
  disabled,
  saveLabel = text.save,
  actions,
}: Props) {
  const [days, setDays] = useState(() => toDays(value));
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  useEffect(() => setDays(toDays(value)), [value]);
  const change = (next: Day[]) => {
    setDays(next);
    onDraft?.(toHours(next));
  };
  const set = (i: number, patch: Partial<Day>) =>
    change(days.map((day, j) => (j === i ? { ...day, ...patch } : day)));
  const copyToAll = (i: number) => {
    const from = days[i]!;
    change(days.map(() => ({ ...from, open: true })));
    setNotice(text.hours.copied(weekdayNames[i]!));
  };

  const save = () => {
    const hours = toHours(days);
    const problem = hoursProblem(hours);
    setError(problem ?? undefined);
    if (problem || !onSave) return;
    void onSave(weekHoursBody.parse({ hours }).hours);
  };
  const shownError = outsideError ?? error;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {text.wholeDayHint}
      </Text>
      <Paper withBorder radius="md" p="xs">
        <Stack gap={0}>
          {days.map((day, i) => {
            const name = weekdayNames[i]!;
            return (
              <Group
                key={name}
                gap="xs"
                py={6}
                wrap="wrap"
                align="center"
                style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
              >
                <Checkbox
                  label={name}
                  checked={day.open}
                  disabled={disabled}
                  onChange={(e) => set(i, { open: e.currentTarget.checked })}
                  w={96}
                />
                {day.open ? (
                  <>
                    <Group gap={6} wrap="nowrap">
                      <TimeField
                        aria-label={`${name} — ${text.hours.opens}`}
                        value={day.opens_at}
                        disabled={disabled}
                        onChange={(v) => set(i, { opens_at: v })}
                        w={96}
                      />
                      <Text size="sm" aria-hidden="true">
                        –
                      </Text>
                      <TimeField
                        aria-label={`${name} — ${text.hours.closes}`}
                        value={day.closes_at}
                        disabled={disabled}
                        onChange={(v) => set(i, { closes_at: v })}
                        w={96}
                      />
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        disabled={disabled}
                        onClick={() => set(i, { opens_at: '00:00', closes_at: '23:59' })}
                        aria-label={`${name}: ${text.hours.allDay}`}
                      >
                        {text.hours.allDay}
                      </Button>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        disabled={disabled}
                        leftSection={<IconCopy size={12} aria-hidden="true" />}
                        onClick={() => copyToAll(i)}
                        aria-label={text.hours.copyAllLabel(name)}
                      >
                        {text.hours.copyAll}
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {text.hours.closed}
                  </Text>
                )}
              </Group>
            );
          })}
        </Stack>
      </Paper>
      {notice && (
        <Text size="sm" c="salas.8" role="status">
          {notice}
        </Text>
      )}
      {shownError && (
        <Text c="red.8" size="sm" role="alert">
          {shownError}
        </Text>
      )}
      {(onSave || actions) && (
        <Group justify="flex-end">
          {actions}
          {onSave && (
            <Button onClick={save} loading={saving} disabled={disabled}>
              {saveLabel}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
