/**
 * The operator's xlsx exports, streamed: rows leave the database in batches (keyset pages) and
 * go straight into exceljs' streaming writer, so memory stays flat whatever the period.
 * Portuguese headers, real dates in the clinic's wall clock, BRL number formats, frozen header
 * row, autofilter; the finance sheet ends with totals.
 */
import { PassThrough } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { DateRange } from '#common/contracts/admin';
import { appointmentStatusLabels } from '#common/contracts/booking';
import { paymentStatusLabels } from '#common/contracts/payments';
import { wallClock } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { onDaysIn } from '../../lib/clinic-days.ts';
import type { Services } from '../../services.ts';
import { revenueRows } from './dashboard.service.ts';

const BATCH = 2000;
export const BRL = '"R$" #,##0.00';
export const DATE_TIME = 'dd/mm/yyyy hh:mm';
const methods: Record<string, string> = { card: 'Cartão', pix: 'Pix' };

/** A wall-clock time as Excel shows it: the same digits, whatever the reader's zone. */
export function excelDate(instant: Date | string, timeZone: string): Date {
  const w = wallClock(new Date(instant), timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute));
}
export const reais = (cents: unknown) => Number(cents ?? 0) / 100;

export const exportFileName = (prefix: string, range: DateRange) =>
  `${prefix}-${range.dateInit}-${range.dateEnd}.xlsx`;

/** Rows of `query` ordered by (starts_at, id), one batch at a time. */
async function* batches(s: Services, query: SQL) {
  let after: { startsAt: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`where (x.starts_at, x.id) > (${after.startsAt}::timestamptz, ${after.id})`
      : sql``;
    const rows: Record<string, unknown>[] = await queryRows<Record<string, unknown>>(
      s.db,
      sql`select * from (${query}) x ${cursor} order by x.starts_at, x.id limit ${BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = { startsAt: new Date(last.starts_at as string).toISOString(), id: Number(last.id) };
    if (rows.length < BATCH) return;
  }
}

interface Column {
  header: string;
  key: string;
  width: number;
  numFmt?: string;
}

export function sheetOf(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0B7A75' } };
  return sheet;
}

/** Writes the workbook into a stream the route sends; errors end the stream. */
export function streamed(fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Salas';
  fill(workbook)
    .then(() => workbook.commit())
    .catch((err) => out.destroy(err));
  return out;
}

/** The period's appointments, each on its clinic's day (issue 42). */
function appointmentRows(range: DateRange): SQL {
  return sql`
    select a.id, a.starts_at, a.status, a.price_cents, a.refund_cents, b.payment_method as method,
           b.series_id is not null as in_series,
           r.name as room_name, c.name as clinic_name, c.timezone, pu.name as partner_name,
           cu.name as customer_name, cu.email as customer_email
    from appointments a
    join bookings b on b.id = a.booking_id
    join rooms r on r.id = a.room_id
    join clinics c on c.id = r.clinic_id
    join users pu on pu.id = c.partner_id
    join users cu on cu.id = a.customer_id
    where ${onDaysIn(sql`a.starts_at`, sql`c.timezone`, range)}`;
}

/** The first four columns of both sheets: when (on the clinic's clock), room, clinic, partner. */
const whereAndWhen = (r: Record<string, unknown>) => ({
  when: excelDate(r.starts_at as string, String(r.timezone)),
  room: r.room_name,
  clinic: r.clinic_name,
  partner: r.partner_name,
});

/** Agendamentos-{start}-{end}.xlsx: every appointment in the period. */
export function exportAppointments(s: Services, range: DateRange): PassThrough {
  return streamed(async (workbook) => {
    const sheet = sheetOf(workbook, 'Agendamentos', [
      { header: 'Data e hora', key: 'when', width: 18, numFmt: DATE_TIME },
      { header: 'Sala', key: 'room', width: 26 },
      { header: 'Clínica', key: 'clinic', width: 30 },
      { header: 'Parceiro', key: 'partner', width: 26 },
      { header: 'Especialista', key: 'customer', width: 26 },
      { header: 'E-mail do especialista', key: 'email', width: 30 },
      { header: 'Situação', key: 'status', width: 18 },
      { header: 'Pagamento', key: 'method', width: 12 },
      { header: 'Valor', key: 'price', width: 14, numFmt: BRL },
      { header: 'Reembolso', key: 'refund', width: 14, numFmt: BRL },
      { header: 'Horário fixo', key: 'series', width: 12 },
    ]);
    for await (const rows of batches(s, appointmentRows(range))) {
      for (const r of rows)
        sheet
          .addRow({
            ...whereAndWhen(r),
            customer: r.customer_name,
            email: r.customer_email,
            status: appointmentStatusLabels[String(r.status)] ?? r.status,
            method: methods[String(r.method)] ?? r.method,
            price: reais(r.price_cents),
            refund: reais(r.refund_cents),
            series: r.in_series ? 'Sim' : 'Não',
          })
          .commit();
    }
    sheet.commit();
  });
}

/**
 * Finanças-{start}-{end}.xlsx: per paid appointment, gross, the commission (at its payment's frozen
 * percent) and the partner's net, with totals; then the "Pagamentos" sheet, one row per payment.
 */
export function exportFinance(s: Services, range: DateRange): PassThrough {
  return streamed(async (workbook) => {
    const sheet = sheetOf(workbook, 'Finanças', [
      { header: 'Data e hora', key: 'when', width: 18, numFmt: DATE_TIME },
      { header: 'Sala', key: 'room', width: 26 },
      { header: 'Clínica', key: 'clinic', width: 30 },
      { header: 'Parceiro', key: 'partner', width: 26 },
      { header: 'CPF/CNPJ do parceiro', key: 'document', width: 20 },
      { header: 'Plano', key: 'plan', width: 16 },
      { header: 'Comissão (%)', key: 'percent', width: 13, numFmt: '0.00' },
      { header: 'Valor bruto', key: 'gross', width: 14, numFmt: BRL },
      { header: 'Comissão', key: 'commission', width: 14, numFmt: BRL },
      { header: 'Líquido do parceiro', key: 'net', width: 18, numFmt: BRL },
      { header: 'Pagamento', key: 'method', width: 12 },
      { header: 'Especialista', key: 'customer', width: 26 },
    ]);
    let count = 0;
    let gross = 0;
    let commission = 0;
    for await (const rows of batches(s, revenueRows({ ...range }))) {
      for (const r of rows) {
        count++;
        gross += Number(r.gross_cents);
        commission += Number(r.commission_cents);
        sheet
          .addRow({
            ...whereAndWhen(r),
            document: r.partner_document ?? '',
            plan: r.plan_name ?? 'Sem plano',
            percent: Number(r.commission_percent),
            gross: reais(r.gross_cents),
            commission: reais(r.commission_cents),
            net: reais(Number(r.gross_cents) - Number(r.commission_cents)),
            method: methods[String(r.method)] ?? r.method,
            customer: r.customer_name,
          })
          .commit();
      }
    }
    const last = count + 1;
    const total = sheet.addRow({
      when: 'Total',
      gross: { formula: `SUM(H2:H${last})`, result: reais(gross) },
      commission: { formula: `SUM(I2:I${last})`, result: reais(commission) },
      net: { formula: `SUM(J2:J${last})`, result: reais(gross - commission) },
    });
    total.font = { bold: true };
    total.commit();
    sheet.commit();
    await paymentsSheet(s, workbook, range);
  });
}

/**
 * The "Pagamentos" sheet: one row per payment whose money was captured, for the bookings whose first
 * hour falls in the period — its split as the ledger keeps it (DESIGN §9: gross, refunded,
 * commission at the percent frozen when the money arrived, the partner's net, the provider's fee when
 * reported) and the two keys to reconcile with the provider's reports (its payment id, our uuid).
 */
async function paymentsSheet(s: Services, workbook: ExcelJS.stream.xlsx.WorkbookWriter, range: DateRange) {
  const sheet = sheetOf(workbook, 'Pagamentos', [
    { header: 'Primeiro horário', key: 'when', width: 18, numFmt: DATE_TIME },
    { header: 'Sala', key: 'room', width: 26 },
    { header: 'Clínica', key: 'clinic', width: 30 },
    { header: 'Parceiro', key: 'partner', width: 26 },
    { header: 'Horários', key: 'hours', width: 10 },
    { header: 'Pago em', key: 'paid', width: 18, numFmt: DATE_TIME },
    { header: 'Forma', key: 'method', width: 10 },
    { header: 'Situação', key: 'status', width: 20 },
    { header: 'Valor bruto', key: 'gross', width: 14, numFmt: BRL },
    { header: 'Devolvido', key: 'refunded', width: 14, numFmt: BRL },
    { header: 'Comissão (%)', key: 'percent', width: 13, numFmt: '0.00' },
    { header: 'Comissão', key: 'fee', width: 14, numFmt: BRL },
    { header: 'Líquido do parceiro', key: 'net', width: 18, numFmt: BRL },
    { header: 'Tarifa do provedor', key: 'provider_fee', width: 18, numFmt: BRL },
    { header: 'Id no provedor', key: 'provider_ref', width: 18 },
    { header: 'Referência Salas', key: 'reference', width: 38 },
    { header: 'Especialista', key: 'customer', width: 26 },
  ]);
  const sums = { gross: 0, refunded: 0, fee: 0, net: 0, provider: 0 };
  let count = 0;
  for await (const rows of batches(s, paymentRows(range))) {
    for (const r of rows) {
      count++;
      sums.gross += Number(r.gross_cents);
      sums.refunded += Number(r.refunded_cents);
      sums.fee += Number(r.fee_cents);
      sums.net += Number(r.net_cents);
      sums.provider += Number(r.provider_fee_cents ?? 0);
      sheet
        .addRow({
          ...whereAndWhen(r),
          hours: Number(r.hours),
          paid: r.paid_at ? excelDate(r.paid_at as string, String(r.timezone)) : null,
          method: methods[String(r.method)] ?? r.method,
          status: paymentStatusLabels[String(r.status)] ?? r.status,
          gross: reais(r.gross_cents),
          refunded: reais(r.refunded_cents),
          percent: Number(r.fee_percent ?? 0),
          fee: reais(r.fee_cents),
          net: reais(r.net_cents),
          provider_fee: r.provider_fee_cents == null ? null : reais(r.provider_fee_cents),
          provider_ref: r.provider_ref ?? '',
          reference: r.uuid,
          customer: r.customer_name,
        })
        .commit();
    }
  }
  const last = count + 1;
  const sum = (col: string, cents: number) => ({
    formula: `SUM(${col}2:${col}${last})`,
    result: reais(cents),
  });
  const total = sheet.addRow({
    when: 'Total',
    gross: sum('I', sums.gross),
    refunded: sum('J', sums.refunded),
    fee: sum('L', sums.fee),
    net: sum('M', sums.net),
    provider_fee: sum('N', sums.provider),
  });
  total.font = { bold: true };
  total.commit();
  sheet.commit();
}

/** Payments whose booking's first hour is on a day of the period on its clinic's clock (issue 42). */
function paymentRows(range: DateRange): SQL {
  return sql`
    select p.id, p.uuid, p.status, p.method, p.paid_at, p.provider_ref, p.gross_cents, p.refunded_cents,
           p.fee_percent::text as fee_percent, p.fee_cents, p.net_cents, p.provider_fee_cents,
           h.starts_at, h.hours, r.name as room_name, c.name as clinic_name, c.timezone,
           pu.name as partner_name, cu.name as customer_name
    from payments p
    join bookings b on b.id = p.booking_id
    join lateral (select min(a.starts_at) as starts_at, count(*)::int as hours
                  from appointments a where a.booking_id = b.id) h on true
    join rooms r on r.id = b.room_id
    join clinics c on c.id = r.clinic_id
    join users pu on pu.id = c.partner_id
    join users cu on cu.id = b.customer_id
    where p.gross_cents > 0
      and ${onDaysIn(sql`h.starts_at`, sql`c.timezone`, range)}`;
}
