import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type HourRange, weekHoursBody } from '#common/contracts/supply';
import { weekdayNames } from '#common/domain/supply';
import { TimeField } from '#web/components/time-field.tsx';
import { text } from '../messages.ts';

interface Props {
  value: HourRange[];
  onSave(hours: HourRange[]): Promise<unknown>;
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

/**
 * One range per weekday in 24-hour time, with the SPEC's hint (00:00 to 23:59) and "copy to all
 * days": one day set, copied to the week (every day opened), then the closed days unticked.
 */
export function HoursEditor({ value, onSave, saving, disabled, saveLabel = text.save, actions }: Props) {
  const [days, setDays] = useState(() => toDays(value));
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  useEffect(() => setDays(toDays(value)), [value]);
  const set = (i: number, patch: Partial<Day>) =>
    setDays((d) => d.map((day, j) => (j === i ? { ...day, ...patch } : day)));
  const copyToAll = (i: number) => {
    const from = days[i]!;
    setDays((d) => d.map(() => ({ ...from, open: true })));
    setNotice(text.hours.copied(weekdayNames[i]!));
  };

  const save = () => {
    const hours = days.flatMap((d, weekday) =>
      d.open ? [{ weekday, opens_at: d.opens_at, closes_at: d.closes_at }] : [],
    );
    const parsed = weekHoursBody.safeParse({ hours });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const day =
        typeof issue?.path[1] === 'number' ? `${weekdayNames[hours[issue.path[1]]!.weekday]}: ` : '';
      setError(`${day}${issue?.message ?? ''}`);
      return;
    }
    setError(undefined);
    void onSave(parsed.data.hours);
  };

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
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        {actions}
        <Button onClick={save} loading={saving} disabled={disabled}>
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  );
}
