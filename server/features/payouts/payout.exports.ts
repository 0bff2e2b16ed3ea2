/**
 * The payout spreadsheets: Repasses-{start}-{end}.xlsx for the operator (each payout of the period
 * with the partner's bank account and Pix key, to pay in the bank; payouts are the marketplace's, so
 * their days and times are Brasília's, said in the headers) and Extrato-{YYYY-MM}.xlsx for a partner
 * (every line of the month as on the Repasses page, each on its clinic's clock, with totals).
 */
import type { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DateRange } from '#common/contracts/admin';
import { appointmentStatusLabels } from '#common/contracts/booking';
import { addDays, zonedInstant } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { REPORT_ZONE } from '../admin/dashboard.service.ts';
import { BRL, DATE_TIME, excelDate, reais, sheetOf, streamed } from '../admin/exports.service.ts';
import { statement } from './payout.service.ts';

const payoutLabels: Record<string, string> = { pending: 'Pendente', paid: 'Pago', canceled: 'Cancelado' };
const accountTypes: Record<string, string> = {
  checking: 'Corrente',
  savings: 'Poupança',
  payment: 'Pagamento',
};

/**
 * The wall clock an ISO time was written on (a statement line's clinic's, issue 42) as the sheet's
 * date: a spreadsheet date has no zone, so it shows what the string says, wherever it is opened.
 */
const asWritten = (zonedIso: string) => new Date(`${zonedIso.slice(0, 19)}Z`);

export function exportPayouts(s: Services, range: DateRange): PassThrough {
  return streamed(async (workbook) => {
    const sheet = sheetOf(workbook, 'Repasses', [
      { header: 'Criado em (Brasília)', key: 'created', width: 20, numFmt: DATE_TIME },
      { header: 'Parceiro', key: 'partner', width: 28 },
      { header: 'CPF/CNPJ', key: 'document', width: 18 },
      { header: 'Valor', key: 'amount', width: 14, numFmt: BRL },
      { header: 'Situação', key: 'status', width: 12 },
      { header: 'Banco', key: 'bank', width: 8 },
      { header: 'Agência', key: 'agency', width: 10 },
      { header: 'Conta', key: 'account', width: 16 },
      { header: 'Tipo de conta', key: 'type', width: 14 },
      { header: 'Titular', key: 'holder', width: 28 },
      { header: 'CPF/CNPJ do titular', key: 'holder_document', width: 20 },
      { header: 'Chave Pix', key: 'pix', width: 30 },
      { header: 'Tipo da chave', key: 'pix_type', width: 12 },
      { header: 'Comprovante', key: 'reference', width: 36 },
      { header: 'Pago em (Brasília)', key: 'paid', width: 20, numFmt: DATE_TIME },
      { header: 'Referência Salas', key: 'uuid', width: 38 },
    ]);
    const from = zonedInstant(range.dateInit, '00:00', REPORT_ZONE).toISOString();
    const to = zonedInstant(addDays(range.dateEnd, 1), '00:00', REPORT_ZONE).toISOString();
    const rows = await queryRows<Record<string, unknown>>(
      s.db,
      sql`select po.uuid, po.created_at, po.paid_at, po.amount_cents, po.status, po.reference,
                 u.name as partner, pp.document, ba.bank_code, ba.agency, ba.account, ba.account_digit,
                 ba.account_type, ba.holder_name, ba.holder_document, pk.key as pix_key, pk.key_type
          from payouts po join users u on u.id = po.partner_id
          left join partner_profiles pp on pp.user_id = u.id
          left join partner_bank_accounts ba on ba.user_id = u.id
          left join partner_pix_keys pk on pk.user_id = u.id
          where po.created_at >= ${from}::timestamptz and po.created_at < ${to}::timestamptz
          order by po.created_at, po.id`,
    );
    let total = 0;
    for (const r of rows) {
      if (r.status !== 'canceled') total += Number(r.amount_cents);
      sheet
        .addRow({
          created: excelDate(r.created_at as string, REPORT_ZONE),
          partner: r.partner,
          document: r.document ?? '',
          amount: reais(r.amount_cents),
          status: payoutLabels[String(r.status)] ?? r.status,
          bank: r.bank_code ?? '',
          agency: r.agency ?? '',
          account: r.account ? `${r.account}-${r.account_digit}` : '',
          type: accountTypes[String(r.account_type)] ?? '',
          holder: r.holder_name ?? '',
          holder_document: r.holder_document ?? '',
          pix: r.pix_key ?? '',
          pix_type: r.key_type ?? '',
          reference: r.reference ?? '',
          paid: r.paid_at ? excelDate(r.paid_at as string, REPORT_ZONE) : null,
          uuid: r.uuid,
        })
        .commit();
    }
    const totalRow = sheet.addRow({ created: 'Total (sem cancelados)', amount: reais(total) });
    totalRow.font = { bold: true };
    totalRow.commit();
    sheet.commit();
  });
}

/** The partner's month (YYYY-MM) as on the Repasses page. */
export function exportStatement(s: Services, partnerId: number, month: string): PassThrough {
  const dateInit = `${month}-01`;
  const next = addDays(dateInit, 32).slice(0, 7);
  const dateEnd = addDays(`${next}-01`, -1);
  return streamed(async (workbook) => {
    const { lines, totals } = await statement(s, partnerId, { dateInit, dateEnd });
    const sheet = sheetOf(workbook, `Extrato ${month}`, [
      { header: 'Data e hora', key: 'when', width: 18, numFmt: DATE_TIME },
      { header: 'Sala', key: 'room', width: 26 },
      { header: 'Situação', key: 'status', width: 16 },
      { header: 'Valor bruto', key: 'gross', width: 14, numFmt: BRL },
      { header: 'Reembolsado', key: 'refunded', width: 14, numFmt: BRL },
      { header: 'Comissão', key: 'fee', width: 14, numFmt: BRL },
      { header: 'Líquido', key: 'net', width: 14, numFmt: BRL },
      { header: 'Recebimento', key: 'settlement', width: 22 },
      { header: 'Disponível em', key: 'available', width: 18, numFmt: DATE_TIME },
    ]);
    for (const l of lines)
      sheet
        .addRow({
          when: asWritten(l.date_time),
          room: l.room_name,
          status: appointmentStatusLabels[l.status] ?? l.status,
          gross: reais(l.gross_cents),
          refunded: reais(l.refunded_cents),
          fee: reais(l.fee_cents),
          net: reais(l.net_cents),
          settlement:
            l.settlement === 'split' ? 'Pago pelo Mercado Pago' : l.payout_uuid ? 'Repasse' : 'A repassar',
          available: l.available_at ? asWritten(l.available_at) : 'Retido (disputa)',
        })
        .commit();
    const last = lines.length + 1;
    const sum = (col: string, cents: number) => ({
      formula: `SUM(${col}2:${col}${last})`,
      result: reais(cents),
    });
    const t = sheet.addRow({
      when: 'Total',
      gross: sum('D', totals.gross_cents),
      refunded: sum('E', totals.refunded_cents),
      fee: sum('F', totals.fee_cents),
      net: sum('G', totals.net_cents),
    });
    t.font = { bold: true };
    t.commit();
    for (const [label, cents] of [
      ['A receber', totals.pending_cents],
      ['Disponível', totals.available_cents],
      ['Repassado', totals.paid_out_cents],
    ] as const) {
      const row = sheet.addRow({ when: label, net: reais(cents) });
      row.commit();
    }
    sheet.commit();
  });
}
