import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { adminMessages } from '#common/contracts/admin';
import { addDays } from '#common/time/zone';
import { PersonCell, WhenWhereCells } from '#web/components/appointment-cells.tsx';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { Pager } from '#web/components/pager.tsx';
import { type Period, PeriodInput } from '#web/components/period-input.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { download, errorText } from '#web/lib/api.ts';
import { MARKETPLACE_ZONE, todayIn } from '#web/lib/dates.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAdminAppointments, useAllPartners, useUserDetail } from '../api.ts';
import { text } from '../messages.ts';

/** The operator's today is the marketplace's (Brasília's); each row is on its clinic's clock. */
const today = () => todayIn(MARKETPLACE_ZONE);
const statuses = Object.entries(bookingText.statuses).map(([value, label]) => ({ value, label }));

/** /admin/gestao/agendamentos: every appointment of a period, filtered, and the two exports. */
export function AdminAppointmentsPage() {
  usePageTitle('Agendamentos');
  const [range, setRange] = useState<Period>(() => [addDays(today(), -30), addDays(today(), 30)]);
  const [partner, setPartner] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [clinic, setClinic] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  // Clinics and rooms come from the chosen partner's page.
  const owner = useUserDetail(partner ?? undefined);
  const clinics = partner ? (owner.data?.clinics ?? []) : [];
  const rooms = clinics.filter((c) => !clinic || c.uuid === clinic).flatMap((c) => c.rooms);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<string>();
  const partners = useAllPartners();
  const filter = { dateInit: range[0], dateEnd: range[1], partner, clinic, room, status };
  const list = useAdminAppointments(filter, page);

  const exportFile = async (kind: 'exportAppointments' | 'exportFinance') => {
    setExporting(kind);
    try {
      await download(`/fusion/${kind}`, { method: 'POST', body: { dateInit: range[0], dateEnd: range[1] } });
      notifySuccess(adminMessages.exported);
    } catch (err) {
      notifyError(
        kind === 'exportFinance' ? adminMessages.financeFailed : adminMessages.exportFailed,
        errorText(err),
      );
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          Agendamentos
        </Title>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting === 'exportAppointments'}
            onClick={() => exportFile('exportAppointments')}
          >
            Exportar agendamentos
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting === 'exportFinance'}
            onClick={() => exportFile('exportFinance')}
          >
            Exportar finanças
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <PeriodInput
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Select
          label="Parceiro"
          placeholder="Todos"
          data={(partners.data ?? []).map((p) => ({ value: p.uuid, label: p.name }))}
          value={partner}
          onChange={(v) => {
            setPartner(v);
            setClinic(null);
            setRoom(null);
            setPage(1);
          }}
          clearable
          searchable
          w={{ base: '100%', sm: 240 }}
        />
        {partner && (
          <>
            <Select
              label="Clínica"
              placeholder="Todas"
              data={clinics.map((c) => ({ value: c.uuid, label: c.name }))}
              value={clinic}
              onChange={(v) => {
                setClinic(v);
                setRoom(null);
                setPage(1);
              }}
              clearable
              w={{ base: '100%', sm: 220 }}
            />
            <Select
              label="Sala"
              placeholder="Todas"
              data={rooms.map((r) => ({ value: r.uuid, label: r.name }))}
              value={room}
              onChange={(v) => {
                setRoom(v);
                setPage(1);
              }}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
          </>
        )}
        <Select
          label="Situação"
          placeholder="Todas"
          data={statuses}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhum agendamento neste período.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {text.counts.appointments(list.data?.meta.total ?? 0)} · Dia e horário no fuso de cada clínica.
            </Text>
            <ScrollTable minWidth={900} label="Agendamentos">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Data</Table.Th>
                    <Table.Th>Horário</Table.Th>
                    <Table.Th>Sala</Table.Th>
                    <Table.Th>Parceiro</Table.Th>
                    <Table.Th>Especialista</Table.Th>
                    <Table.Th>Valor</Table.Th>
                    <Table.Th>Situação</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data?.data.map((a) => (
                    <Table.Tr key={a.uuid}>
                      <WhenWhereCells appointment={a} />
                      <Table.Td>{a.partner.name}</Table.Td>
                      <PersonCell person={a.customer} />
                      <Table.Td>
                        {formatBrl(a.amount_cents)}
                        <DisputeBadge status={a.payment_status} />
                        <Text size="xs" c="dimmed">
                          {a.payment_method === 'pix' ? 'Pix' : 'Cartão'}
                          {a.series ? ' · horário fixo' : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{bookingText.statuses[a.status] ?? a.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
    </Stack>
  );
}
