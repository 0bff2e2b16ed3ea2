import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Box,
  Group,
  List,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { FrequentSchedules } from '#common/contracts/admin';
import { weekdayNames } from '#common/domain/supply';
import { addDays } from '#common/time/zone';
import { type Period, PeriodInput } from '#web/components/period-input.tsx';
import { browserZone, MARKETPLACE_ZONE, todayIn } from '#web/lib/dates.ts';
import { countOf, formatBrl, formatInteger } from '#web/lib/format.ts';
import { useDashboard } from '../api.ts';

const dayLabel = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const brl = (cents: number) => formatBrl(Math.round(cents));
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
/** The revenue axis: "R$ 1,2 mil" fits a phone. */
const compactBrl = (reais: number) => `R$\u00a0${compact.format(reais).replace(' ', '\u00a0')}`;
/** 0,2% rather than a misleading 0%. */
const percent = (ratio: number | null) =>
  ratio === null ? '—' : `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0).replace('.', ',')}%`;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={800} c="salas.8" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}h`;

/**
 * The busiest weekday × hour: one cell per hour, darker when busier (numbers in the tooltip and in
 * each cell's accessible name). Wide screens put the hours across; phones put the seven days across
 * and the hours down, so the grid fits 360 px without sideways scroll.
 */
function HeatMap({ data }: { data: FrequentSchedules | undefined }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const cells = data?.cells ?? [];
  if (cells.length === 0) return <Text c="dimmed">Sem agendamentos no período.</Text>;
  const max = Math.max(...cells.map((c) => c.count));
  const hours = cells.map((c) => c.hour);
  const from = Math.min(...hours);
  const to = Math.max(...hours);
  const count = (w: number, h: number) => cells.find((c) => c.weekday === w && c.hour === h)?.count ?? 0;
  const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const top = [...cells].sort((a, b) => b.count - a.count || a.weekday - b.weekday).slice(0, 3);
  const cell = (w: number, h: number) => {
    const n = count(w, h);
    const label = `${weekdayNames[w]}, ${hourLabel(h)}: ${countOf(n, 'agendamento', 'agendamentos')}`;
    return (
      <Table.Td key={`${w}-${h}`} p={1}>
        <Tooltip label={label}>
          <Box
            h={narrow ? 18 : 22}
            style={{
              borderRadius: 3,
              background:
                n === 0
                  ? 'var(--mantine-color-gray-1)'
                  : `color-mix(in srgb, var(--mantine-color-salas-7) ${Math.round(15 + (85 * n) / max)}%, white)`,
            }}
            aria-label={label}
            role="img"
          />
        </Tooltip>
      </Table.Td>
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm">Horários mais procurados:</Text>
      <List size="sm" spacing={2}>
        {top.map((c) => (
          <List.Item key={`${c.weekday}-${c.hour}`}>
            <b>{weekdayNames[c.weekday]}</b>, às <b>{hourLabel(c.hour)}</b> —{' '}
            {countOf(c.count, 'agendamento', 'agendamentos')}
          </List.Item>
        ))}
      </List>
      <Table
        withRowBorders={false}
        verticalSpacing={2}
        horizontalSpacing={2}
        layout="fixed"
        aria-label="Mapa de calor por dia e hora"
      >
        {narrow ? (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                {weekdayNames.map((name) => (
                  <Table.Th key={name} ta="center" fz="xs" fw={500}>
                    {name.slice(0, 3)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {range.map((h) => (
                <Table.Tr key={h}>
                  <Table.Th fz="xs" fw={400}>
                    {hourLabel(h)}
                  </Table.Th>
                  {weekdayNames.map((_, w) => cell(w, h))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        ) : (
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44} />
                {range.map((h) => (
                  <Table.Th key={h} ta="center" fz={10} fw={400}>
                    {h}h
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weekdayNames.map((name, w) => (
                <Table.Tr key={name}>
                  <Table.Th fz="xs" fw={500}>
                    {name.slice(0, 3)}
                  </Table.Th>
                  {range.map((h) => cell(w, h))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        )}
      </Table>
    </Stack>
  );
}

/** The most booked rooms: name and clinic on their own lines, hours at the right, a bar to compare. */
function TopRooms({
  rooms,
}: {
  rooms: { uuid: string; name: string; clinic: string; booked_hours: number }[];
}) {
  if (rooms.length === 0) return <Text c="dimmed">Sem reservas no período.</Text>;
  const max = Math.max(...rooms.map((r) => r.booked_hours), 1);
  return (
    <Stack
      gap="xs"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Salas mais reservadas"
    >
      {rooms.map((r) => (
        <Box component="li" key={r.uuid}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Box miw={0}>
              <Text size="sm" fw={600} lineClamp={2}>
                {r.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {r.clinic}
              </Text>
            </Box>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {r.booked_hours} h
            </Text>
          </Group>
          <Progress
            value={(100 * r.booked_hours) / max}
            size="sm"
            mt={4}
            color="salas.6"
            aria-hidden="true"
          />
        </Box>
      ))}
    </Stack>
  );
}

/** Which clock the days are read on (issue 42): an appointment's is its clinic's. */
const zoneNote =
  'Cada agendamento conta no dia e na hora da sua clínica; novos especialistas, no horário de Brasília.';

/** The operator's (`fusion`) or a partner's dashboard for a period; a partner sees revenue net of commission. */
export function DashboardView({ scope }: { scope: 'fusion' | 'partner' }) {
  const [range, setRange] = useState<Period>(() => {
    // The operator's figures are the marketplace's (Brasília's days); a partner's, its own clock's.
    const today = todayIn(scope === 'partner' ? browserZone() : MARKETPLACE_ZONE);
    return [addDays(today, -29), today];
  });
  const q = { dateInit: range[0], dateEnd: range[1] };
  const counts = useDashboard(scope, 'coworkingcount', q);
  const sales = useDashboard(scope, 'salesturnover', q);
  const frequent = useDashboard(scope, 'frequentschedules', q);
  const specialists = useDashboard(scope, 'specialists', q);
  const rooms = useDashboard(scope, 'availableRooms', q);
  const partner = scope === 'partner';
  const occupancy = rooms.data?.occupancy ?? null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Dashboard
        </Title>
        <PeriodInput value={range} onChange={setRange} />
      </Group>
      <Text size="sm" c="dark.4">
        {zoneNote}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {partner ? (
          <Figure
            label="Receita líquida"
            value={brl(sales.data?.net_cents ?? 0)}
            hint={`Bruto ${brl(sales.data?.gross_cents ?? 0)} − comissão ${brl(sales.data?.commission_cents ?? 0)}`}
          />
        ) : (
          <Figure
            label="Faturamento"
            value={brl(sales.data?.gross_cents ?? 0)}
            hint={`Comissões ${brl(sales.data?.commission_cents ?? 0)}`}
          />
        )}
        <Figure
          label="Horas pagas"
          value={formatInteger(sales.data?.paid_appointments ?? 0)}
          hint={`Reembolsos ${brl(sales.data?.refunded_cents ?? 0)}`}
        />
        <Figure
          label="Ocupação"
          value={percent(occupancy)}
          hint={`${formatInteger(rooms.data?.booked_hours ?? 0)} de ${formatInteger(rooms.data?.open_hours ?? 0)} horas abertas`}
        />
        <Figure
          label={partner ? 'Salas ativas' : 'Clínicas / salas'}
          value={
            partner
              ? formatInteger(counts.data?.active_rooms ?? 0)
              : `${counts.data?.clinics ?? 0} / ${counts.data?.rooms ?? 0}`
          }
          hint={
            partner
              ? countOf(counts.data?.clinics ?? 0, 'clínica', 'clínicas')
              : countOf(counts.data?.partners ?? 0, 'parceiro', 'parceiros')
          }
        />
      </SimpleGrid>
      <Card title={partner ? 'Receita por dia (líquida de comissão)' : 'Faturamento por dia'}>
        <BarChart
          h={240}
          data={(sales.data?.days ?? []).map((d) => ({
            dia: dayLabel(d.date),
            valor: (partner ? d.net_cents : d.gross_cents) / 100,
          }))}
          dataKey="dia"
          series={[{ name: 'valor', label: partner ? 'Líquido' : 'Bruto', color: 'salas.6' }]}
          valueFormatter={(v) => formatBrl(Math.round(v * 100))}
          yAxisProps={{ tickFormatter: compactBrl, width: 80 }}
          maxBarWidth={18}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card title="Dias e horários mais procurados">
          <HeatMap data={frequent.data} />
        </Card>
        <Card title="Especialistas">
          <Group gap="xl" mb="sm">
            <Text size="sm">
              Ativos no período: <b>{specialists.data?.active ?? 0}</b>
            </Text>
            <Text size="sm">
              Novos: <b>{specialists.data?.new ?? 0}</b>
            </Text>
            <Text size="sm">
              Total: <b>{specialists.data?.total ?? 0}</b>
            </Text>
          </Group>
          <BarChart
            h={180}
            data={(specialists.data?.days ?? []).map((d) => ({ dia: dayLabel(d.date), novos: d.new }))}
            dataKey="dia"
            series={[{ name: 'novos', label: 'Novos cadastros', color: 'salas.6' }]}
            yAxisProps={{ allowDecimals: false }}
          />
        </Card>
      </SimpleGrid>
      <Card title="Ocupação das salas ativas">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <RingProgress
            size={140}
            thickness={14}
            sections={[{ value: Math.round((occupancy ?? 0) * 100), color: 'salas.6' }]}
            label={
              <Text ta="center" fw={800} fz="lg">
                {percent(occupancy)}
              </Text>
            }
          />
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" fw={600}>
              Salas mais reservadas
            </Text>
            <TopRooms rooms={rooms.data?.top ?? []} />
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
