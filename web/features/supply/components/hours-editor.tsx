import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type HourRange, weekHoursBody } from '#common/contracts/supply';
import { weekdayNames } from '#common/domain/supply';
import { TimeInput } from '#web/components/date-inputs.ts';
import { text } from '../messages.ts';

interface Props {
  value: HourRange[];
  onSave(hours: HourRange[]): Promise<unknown>;
  saving?: boolean;
  disabled?: boolean;
}

type Day = { open: boolean; opens_at: string; closes_at: string };

const toDays = (hours: HourRange[]): Day[] =>
  weekdayNames.map((_, weekday) => {
    const h = hours.find((r) => r.weekday === weekday);
    return h
      ? { open: true, opens_at: h.opens_at, closes_at: h.closes_at }
      : { open: false, opens_at: '08:00', closes_at: '18:00' };
  });

/** One range per weekday, with the SPEC's 24-hour hint (00:00 to 23:59). */
export function HoursEditor({ value, onSave, saving, disabled }: Props) {
  const [days, setDays] = useState(() => toDays(value));
  const [error, setError] = useState<string>();
  useEffect(() => setDays(toDays(value)), [value]);
  const set = (i: number, patch: Partial<Day>) =>
    setDays((d) => d.map((day, j) => (j === i ? { ...day, ...patch } : day)));

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
      <Paper withBorder radius="md">
        <Table verticalSpacing={6} horizontalSpacing="sm">
          <Table.Tbody>
            {days.map((day, i) => (
              <Table.Tr key={weekdayNames[i]}>
                <Table.Td w={120} style={{ verticalAlign: 'top', paddingTop: 12 }}>
                  <Checkbox
                    label={weekdayNames[i]}
                    checked={day.open}
                    disabled={disabled}
                    onChange={(e) => set(i, { open: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  {day.open ? (
                    <Group gap="xs" wrap="wrap">
                      <TimeInput
                        aria-label={`${weekdayNames[i]} — ${text.hours.opens}`}
                        value={day.opens_at}
                        disabled={disabled}
                        onChange={(e) => set(i, { opens_at: e.currentTarget.value })}
                        w={104}
                      />
                      <Text size="sm">–</Text>
                      <TimeInput
                        aria-label={`${weekdayNames[i]} — ${text.hours.closes}`}
                        value={day.closes_at}
                        disabled={disabled}
                        onChange={(e) => set(i, { closes_at: e.currentTarget.value })}
                        w={104}
                      />
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        disabled={disabled}
                        onClick={() => set(i, { opens_at: '00:00', closes_at: '23:59' })}
                      >
                        {text.hours.allDay}
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {text.hours.closed}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving} disabled={disabled}>
          {text.save}
        </Button>
      </Group>
    </Stack>
  );
}
