import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { addDays } from '#common/time/zone';
import { type Period, PeriodInput } from '#web/components/period-input.tsx';
import { errorText } from '#web/lib/api.ts';
import { MARKETPLACE_ZONE, todayIn } from '#web/lib/dates.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { exportPayouts } from '../api/export-payouts.ts';
import { text } from '../messages.ts';

/** Payouts are the marketplace's: their days are Brasília's, as the sheet's headers say. */
const today = () => todayIn(MARKETPLACE_ZONE);

/** A period and "Exportar repasses": Repasses-{start}-{end}.xlsx with each partner's bank and Pix data. */
export function ExportPayoutsForm() {
  const [range, setRange] = useState<Period>(() => [addDays(today(), -30), today()]);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportPayouts(range[0], range[1]);
      notifySuccess(text.exported);
    } catch (err) {
      notifyError(text.exportFailed, errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h5">
        {text.exportTitle}
      </Title>
      <Text size="sm" c="dark.4" mb="sm">
        {text.exportHint}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <PeriodInput label={text.exportPeriod} value={range} onChange={setRange} />
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={busy}
          onClick={run}
          w={{ base: '100%', sm: 'auto' }}
        >
          {text.export}
        </Button>
      </Group>
    </Paper>
  );
}
