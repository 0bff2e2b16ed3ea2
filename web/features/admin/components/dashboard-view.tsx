import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  Box,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import type { FrequentSchedules } from '#common/contracts/admin';
import { weekdayNames } from '#common/domain/supply';
import { addDays, zonedDate } from '#common/time/zone';
import { type Period, PeriodInput } from '#web/components/period-input.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { useDashboard } from '../api.ts';

const today = () => zonedDate(new Date(), 'America/Sao_Paulo');
const dayLabel = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const brl = (cents: number) => formatBrl(Math.round(cents));
/** 0,2% rather than a misleading 0%. */
const percent = (ratio: number | null) =>
  ratio === null ? '—' : `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0).replace('.', ',')}%`;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={800} c="salas.8">
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

/** The busiest weekday × hour: one cell per hour, darker when busier (numbers in the tooltip and the table's text). */
function HeatMap({ data }: { data: FrequentSchedules | undefined }) {
  const cells = data?.cells ?? [];
  if (cells.length === 0) return <Text c="dimmed">Sem agendamentos no período.</Text>;
  const max = Math.max(...cells.map((c) => c.count));
  const hours = cells.map((c) => c.hour);
  const from = Math.min(...hours);
  const to = Math.max(...hours);
  const count = (w: number, h: number) => cells.find((c) => c.weekday === w && c.hour === h)?.count ?? 0;
  const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const busiest = cells.reduce((a, b) => (b.count > a.count ? b : a));
  return (
    <Stack gap="xs">
      <Text size="sm">
        Horário mais procurado: <b>{weekdayNames[busiest.weekday]}</b>, às{' '}
        <b>{String(busiest.hour).padStart(2, '0')}:00</b> ({busiest.count} agendamentos).
      </Text>
      {/* A focusable region: on a phone the hours scroll sideways, by touch or by keyboard. */}
      <Box role="region" aria-label="Mapa de calor por dia e hora" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table
          withRowBorders={false}
          verticalSpacing={2}
          horizontalSpacing={2}
          miw={Math.max(360, range.length * 30 + 80)}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {range.map((h) => (
                <Table.Th key={h} ta="center" fz="xs" fw={400}>
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
                {range.map((h) => {
                  const n = count(w, h);
                  return (
                    <Table.Td key={h} p={1}>
                      <Tooltip label={`${name}, ${h}h: ${n} agendamento(s)`}>
                        <Box
                          h={22}
                          style={{
                            borderRadius: 3,
                            background:
                              n === 0
                                ? 'var(--mantine-color-gray-1)'
                                : `color-mix(in srgb, var(--mantine-color-salas-7) ${Math.round(15 + (85 * n) / max)}%, white)`,
                          }}
                          aria-label={`${name}, ${h}h: ${n}`}
                          role="img"
                        />
                      </Tooltip>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/** The operator's (`fusion`) or a partner's dashboard for a period; a partner sees revenue net of commission. */
export function DashboardView({ scope }: { scope: 'fusion' | 'partner' }) {
  const [range, setRange] = useState<Period>(() => [addDays(today(), -29), today()]);
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
          value={String(sales.data?.paid_appointments ?? 0)}
          hint={`Reembolsos ${brl(sales.data?.refunded_cents ?? 0)}`}
        />
        <Figure
          label="Ocupação"
          value={percent(occupancy)}
          hint={`${rooms.data?.booked_hours ?? 0} de ${rooms.data?.open_hours ?? 0} horas abertas`}
        />
        <Figure
          label={partner ? 'Salas ativas' : 'Clínicas / salas'}
          value={
            partner
              ? String(counts.data?.active_rooms ?? 0)
              : `${counts.data?.clinics ?? 0} / ${counts.data?.rooms ?? 0}`
          }
          hint={
            partner ? `${counts.data?.clinics ?? 0} clínica(s)` : `${counts.data?.partners ?? 0} parceiros`
          }
        />
      </SimpleGrid>
      <Card title={partner ? 'Receita por dia (líquida de comissão)' : 'Faturamento por dia'}>
        <AreaChart
          h={240}
          data={(sales.data?.days ?? []).map((d) => ({
            dia: dayLabel(d.date),
            valor: (partner ? d.net_cents : d.gross_cents) / 100,
          }))}
          dataKey="dia"
          series={[{ name: 'valor', label: partner ? 'Líquido' : 'Bruto', color: 'salas.6' }]}
          valueFormatter={(v) => formatBrl(Math.round(v * 100))}
          curveType="monotone"
          withDots={false}
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
          <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
            <Text size="sm" fw={600}>
              Salas mais reservadas
            </Text>
            {(rooms.data?.top ?? []).length === 0 && <Text c="dimmed">Sem reservas no período.</Text>}
            {rooms.data?.top.map((r) => (
              <Group key={r.uuid} justify="space-between">
                <Text size="sm">
                  {r.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({r.clinic})
                  </Text>
                </Text>
                <Text size="sm" fw={600}>
                  {r.booked_hours} h
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
