import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { deskBookingStatuses } from '#common/contracts/desk';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useDeskBookings } from '../api.ts';
import { DeskBookingList } from '../components/desk-booking-list.tsx';
import { text } from '../messages.ts';

const t = text.desk;
const statuses = deskBookingStatuses.map((value) => ({ value, label: t.statuses[value] ?? value }));

/**
 * /admin/gestao/reservas: every booking, newest first, found by person, e-mail, CPF, room or id,
 * filtered by situation and by the dates of its hours. The filters live in the address, so coming
 * back from a booking finds the same list.
 */
export function DeskBookingsPage() {
  usePageTitle(t.title);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('busca') ?? '');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const status = params.get('situacao');
  const dateInit = params.get('de');
  const dateEnd = params.get('ate');
  const page = Number(params.get('pagina') ?? 1) || 1;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('pagina' in changes)) next.delete('pagina');
        return next;
      },
      { replace: true },
    );

  // The typed search reaches the address (and the list) once typing pauses.
  useEffect(() => {
    if (search !== (params.get('busca') ?? '')) update({ busca: search || null });
  }, [search]);

  const list = useDeskBookings({
    page,
    per_page: 20,
    search: params.get('busca') ?? undefined,
    status,
    dateInit,
    dateEnd,
  });
  const [draft, setDraft] = useState<[string | null, string | null]>([dateInit, dateEnd]);

  return (
    <Stack>
      <Title order={1} fz="h2">
        {t.title}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t.search}
          placeholder={t.searchHint}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 340 }}
        />
        <Select
          label={t.status}
          placeholder={t.all}
          data={statuses}
          value={status}
          onChange={(v) => update({ situacao: v })}
          clearable
          clearButtonProps={{ 'aria-label': t.clearStatus }}
          w={{ base: '100%', sm: 220 }}
        />
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          clearable
          clearButtonProps={{ 'aria-label': t.clearDates }}
          label={t.dates}
          placeholder={t.datesHint}
          value={draft}
          onChange={(v) => {
            const next: [string | null, string | null] = [
              v[0] ? String(v[0]).slice(0, 10) : null,
              v[1] ? String(v[1]).slice(0, 10) : null,
            ];
            setDraft(next);
            if ((next[0] && next[1]) || (!next[0] && !next[1])) update({ de: next[0], ate: next[1] });
          }}
          valueFormat="DD/MM/YYYY"
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dark.4" ta="center" py="xl">
            {t.none}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dark.4" aria-live="polite">
              {t.count(list.data?.meta.total ?? 0)}
            </Text>
            <DeskBookingList bookings={list.data?.data ?? []} phone={phone} />
          </>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={(p) => update({ pagina: p > 1 ? String(p) : null })} />
    </Stack>
  );
}
