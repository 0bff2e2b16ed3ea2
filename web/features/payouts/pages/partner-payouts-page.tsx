import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { Payout } from '#common/contracts/payouts';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { ZoneNote } from '#web/components/zone-note.tsx';
import { useClinics } from '#web/features/supply/api.ts';
import { errorText } from '#web/lib/api.ts';
import { partnerZone } from '#web/lib/dates.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSession } from '#web/lib/session.tsx';
import { downloadStatement } from '../api/download-statement.ts';
import { usePartnerPayouts } from '../api/get-partner-payouts.ts';
import { useStatement } from '../api/get-statement.ts';
import { MonthInput } from '../components/month-input.tsx';
import { PartnerPayouts } from '../components/partner-payouts.tsx';
import { StatementLines } from '../components/statement-lines.tsx';
import { Totals } from '../components/totals.tsx';
import { text } from '../messages.ts';
import { currentMonth } from '../month.ts';

/** Lines per page: a busy partner has hundreds in a month. */
const PER_PAGE = 50;

/**
 * /parceiro/repasses: the partner's statement of a month (what is to come, available and paid, and
 * each appointment's share), filtered by room, the month as xlsx, and the partner's payouts.
 */
export function PartnerPayoutsPage() {
  usePageTitle(text.title);
  const partner = useSession().user?.uuid ?? '';
  const clinics = useClinics();
  // The month opens on the partner's clock (its clinics' zone), until the partner picks one.
  const [picked, setMonth] = useState<string | null>(null);
  const month = picked ?? currentMonth(new Date(), partnerZone(clinics.data ?? []));
  const [room, setRoom] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const statement = useStatement(partner, month);
  const payouts = usePartnerPayouts(partner);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const payoutsById = useMemo(
    () => new Map<string, Payout>((payouts.data ?? []).map((p) => [p.uuid, p])),
    [payouts.data],
  );
  const lines = statement.data?.lines ?? [];
  const rooms = [...new Set(lines.map((l) => l.room_name))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const shown = room ? lines.filter((l) => l.room_name === room) : lines;
  const lastPage = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, lastPage);
  const pageLines = shown.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const totals = statement.data?.totals;
  const now = Date.now();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatement(partner, month);
      notifySuccess(text.downloaded);
    } catch (err) {
      notifyError(text.downloadFailed, errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <Title order={1} fz="h2">
        {text.title}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <MonthInput
          label={text.month}
          value={month}
          onChange={(m) => {
            setMonth(m);
            setRoom(null);
            setPage(1);
          }}
        />
        <Select
          label={text.room}
          data={[{ value: '', label: text.allRooms }, ...rooms.map((r) => ({ value: r, label: r }))]}
          value={room ?? ''}
          onChange={(v) => {
            setRoom(v || null);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={downloading}
          onClick={download}
          w={{ base: '100%', sm: 'auto' }}
        >
          {text.download}
        </Button>
      </Group>
      <QueryState isPending={statement.isPending} error={statement.error} retry={() => statement.refetch()}>
        {totals && (
          <Stack gap={4}>
            <Totals
              label={text.totals.ofMonth}
              figures={[
                { label: text.totals.pending, cents: totals.pending_cents, hint: text.totals.pendingHint },
                {
                  label: text.totals.available,
                  cents: totals.available_cents,
                  hint: text.totals.availableHint,
                },
                { label: text.totals.paid, cents: totals.paid_out_cents, hint: text.totals.paidHint },
              ]}
            />
            <Text size="xs" c="dark.4">
              {text.totals.ofMonth}
            </Text>
          </Stack>
        )}
        <Title order={2} fz="h4">
          {text.linesTitle}
        </Title>
        <ZoneNote clinics={clinics.data ?? []} />
        {shown.length === 0 ? (
          <Card withBorder p="lg">
            <Text ta="center">{room ? text.noLinesInRoom : text.noLines}</Text>
          </Card>
        ) : (
          <>
            <Text size="sm">
              {(room ? text.roomSummary : text.monthSummary)(
                shown.length,
                shown.reduce((sum, l) => sum + l.gross_cents, 0),
                shown.reduce((sum, l) => sum + l.net_cents, 0),
              )}
            </Text>
            <StatementLines lines={pageLines} payouts={payoutsById} now={now} phone={phone} />
            <Pager
              meta={{ current_page: current, last_page: lastPage, per_page: PER_PAGE, total: shown.length }}
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
      <Title order={2} fz="h4">
        {text.payoutsTitle}
      </Title>
      <QueryState isPending={payouts.isPending} error={payouts.error} retry={() => payouts.refetch()}>
        <PartnerPayouts payouts={payouts.data ?? []} phone={phone} />
      </QueryState>
    </Stack>
  );
}
