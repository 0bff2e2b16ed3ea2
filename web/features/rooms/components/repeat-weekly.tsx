import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import { useBulkAvailability } from '../api.ts';
import { text } from '../messages.ts';
import { repeatDates, repeatMatches } from '../repeat.ts';

const t = text.repeat;
const fmt = (key: string) => `${key.slice(8, 10)}/${key.slice(5, 7)} ${key.slice(11, 16)}`;

/**
 * Copies the chosen hours to the next weeks, checking every date in one call. One compact row
 * ("Repetir toda semana por [mais 3 semanas] [Repetir horários]"), so the booking card keeps every
 * action in view; what was added is said under it once asked.
 */
export function RepeatWeekly({
  uuid,
  selected,
  weeks,
  onWeeksChange,
  onAdd,
}: {
  uuid: string;
  selected: string[];
  /** The chosen number of weeks, kept by the room page (it survives a sign-up). */
  weeks: string;
  onWeeksChange(weeks: string): void;
  onAdd(slots: string[]): void;
}) {
  const [result, setResult] = useState<string>();
  const check = useBulkAvailability(uuid);
  const n = Number(weeks);
  // It asks the server: off until the page's scripts run (the booking footer's note says why).
  const running = useHydrated();

  const repeat = async () => {
    setResult(undefined);
    try {
      const days = await check.mutateAsync(repeatDates(selected, n));
      const { free, unavailable } = repeatMatches(selected, n, days);
      onAdd(free);
      setResult(
        [t.added(free.length), unavailable.length ? t.unavailable(unavailable.map(fmt).join(', ')) : '']
          .filter(Boolean)
          .join(' '),
      );
    } catch (err) {
      setResult(errorText(err));
    }
  };

  return (
    <div>
      <Group gap="xs" align="center" wrap="wrap">
        {/* The phone's own list: no floating list's code to load before an hour can be picked. */}
        <NativeSelect
          label={t.label}
          data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t.weeks(i + 1) }))}
          value={weeks}
          onChange={(event) => onWeeksChange(event.currentTarget.value || '1')}
          size="xs"
          w={270}
          disabled={!running}
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap', fontWeight: 400 },
            wrapper: { flex: 1 },
          }}
        />
        <Button
          variant="light"
          size="compact-sm"
          onClick={repeat}
          loading={check.isPending}
          disabled={!running}
        >
          {t.action}
        </Button>
      </Group>
      <Text size="xs" aria-live="polite" mt={result ? 4 : 0}>
        {result}
      </Text>
    </div>
  );
}
