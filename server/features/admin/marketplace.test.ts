import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';

let t: TestContext;
let operator: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let room: { uuid: string; name: string };
let day: string;
let planUuid: string;

const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(t.app, { method, url, payload, token: operator.token });

beforeAll(async () => {
  t = await createTestContext();
  operator = await signedInAs(t, 'admin');
  partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  const plan = await op('POST', '/api/fusion/plan', {
    name: 'Teste 12,5',
    commission_percent: 12.5,
    monthly_fee_cents: 0,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  planUuid = plan.json().data.uuid;
  await op('PUT', `/api/fusion/basicdata/${partner.user.uuid}`, {
    name: partner.user.name,
    plan_uuid: planUuid,
  });
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica do Painel');
  await openClinic(t, partner.user, partner.token, clinic.uuid, [0, 1, 2, 3, 4, 5, 6], ['08:00', '18:00']);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Painel', '1.3333'); // R$ 80,00/h
  const card = await saveCard(t, specialist.user, specialist.token);
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  const booked = await bookByCard(t, specialist.token, room.uuid, card.uuid, [
    `${day}T09:00:00-03:00`,
    `${day}T10:00:00-03:00`,
    `${day}T11:00:00-03:00`,
  ]);
  // One cancelled in time (refunded in full), two paid.
  const cancel = await request(t.app, {
    method: 'POST',
    url: `/api/customer/appointment/${booked.appointments[2]!.uuid}/cancel`,
    token: specialist.token,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(() => t.close());

describe('operator: rooms and appointments', () => {
  it('lists every room with search and filters, and pins one to the top of the public search', async () => {
    const list = await op('GET', '/api/fusion/rooms?search=painel');
    expect(list.json().data).toEqual([
      expect.objectContaining({
        uuid: room.uuid,
        fixed: 0,
        hour_price_cents: 8000,
        partner: expect.objectContaining({ uuid: partner.user.uuid }),
      }),
    ]);
    const pin = await op('POST', '/api/fusion/room/setFixed', { room_uuid: room.uuid, fixed: 1 });
    expect(pin.json().data).toEqual({ uuid: room.uuid, fixed: 1 });
    const search = await request(t.app, {
      method: 'POST',
      url: '/api/customer/room/genericsearch',
      payload: {},
    });
    expect(search.json().data[0].uuid).toBe(room.uuid);
    expect(
      (await op('GET', '/api/fusion/rooms?fixed=1')).json().data.map((r: { uuid: string }) => r.uuid),
    ).toContain(room.uuid);
    const trail = (await op('GET', `/api/fusion/user/${partner.user.uuid}`)).json().data.audit;
    expect(trail[0].description).toBe('Sala "Sala Painel" fixada no topo da busca');
    expect(
      (await op('POST', '/api/fusion/room/setFixed', { room_uuid: room.uuid, fixed: 5 })).statusCode,
    ).toBe(422);
  });

  it('lists appointments of a period with filters, and those of one person', async () => {
    const body = { dateInit: day, dateEnd: day };
    const all = await op('POST', '/api/fusion/appointments', body);
    expect(all.json().meta.total).toBe(3);
    expect(all.json().data[0]).toMatchObject({
      date_time: `${day}T09:00:00-03:00`,
      amount_cents: 8000,
      payment_method: 'card',
      customer: { uuid: specialist.user.uuid },
      partner: { uuid: partner.user.uuid },
    });
    const canceled = await op('POST', '/api/fusion/appointments', { ...body, status: 'canceled' });
    expect(canceled.json().meta.total).toBe(1);
    const mine = await op('POST', `/api/fusion/appointment/${specialist.user.uuid}`, body);
    expect(mine.json().meta.total).toBe(3);
    const bad = await op('POST', '/api/fusion/appointments', { dateInit: day, dateEnd: addDays(day, -1) });
    expect(bad.json().errors.dateEnd).toEqual(['A data final vem antes da inicial.']);
  });
});

describe('operator: facilities and plans', () => {
  it('creates, renames, refuses duplicates and deletes a facility in use by detaching it', async () => {
    const created = await op('POST', '/api/fusion/facility', { name: 'Tatame' });
    expect(created.statusCode).toBe(201);
    const uuid = created.json().data.uuid;
    const dup = await op('POST', '/api/fusion/facility', { name: 'tatame' });
    expect(dup.json().errors.name).toEqual(['Já existe um diferencial com esse nome.']);
    const attach = await request(t.app, {
      method: 'POST',
      url: `/api/partner/room/${room.uuid}/facility/${uuid}`,
      token: partner.token,
    });
    expect(attach.statusCode, attach.body).toBeLessThan(300);
    expect((await op('GET', `/api/fusion/facility/${uuid}`)).json().data.rooms_count).toBe(1);
    expect(
      (await op('PUT', `/api/fusion/facility/${uuid}`, { name: 'Tatame grande' })).json().data.name,
    ).toBe('Tatame grande');
    const paged = await op('GET', '/api/fusion/facility?page=1&per_page=2');
    expect(paged.json().meta.per_page).toBe(2);
    const removed = await op('DELETE', `/api/fusion/facility/${uuid}`);
    expect(removed.json().data).toEqual({ uuid, detached: 1 });
    const detail = await request(t.app, { method: 'GET', url: `/api/rooms/${room.uuid}` });
    expect(detail.json().data.facilities.map((f: { name: string }) => f.name)).not.toContain('Tatame grande');
    expect((await op('GET', `/api/fusion/facility/${uuid}`)).statusCode).toBe(404);
  });

  it('creates and edits plans with Portuguese errors', async () => {
    const list = (await op('GET', '/api/fusion/plan')).json().data;
    expect(list.find((p: { uuid: string }) => p.uuid === planUuid)).toMatchObject({
      commission_percent: '12.50',
      partners_count: 1,
    });
    const edit = await op('PUT', `/api/fusion/plan/${planUuid}`, {
      name: 'Teste 12,5',
      commission_percent: 12.5,
      monthly_fee_cents: 4990,
    });
    expect(edit.json().data.monthly_fee_cents).toBe(4990);
    const bad = await op('POST', '/api/fusion/plan', {
      name: 'X',
      commission_percent: 120,
      monthly_fee_cents: -1,
    });
    expect(bad.json().errors).toMatchObject({
      name: ['Informe o nome.'],
      commission_percent: ['A comissão vai de 0 a 100%.'],
      monthly_fee_cents: ['A mensalidade não pode ser negativa.'],
    });
    const taken = await op('POST', '/api/fusion/plan', {
      name: 'Teste 12,5',
      commission_percent: 1,
      monthly_fee_cents: 0,
    });
    expect(taken.json().errors.name).toEqual(['Já existe um plano com esse nome.']);

    // A missing fee or commission is missing, not zero: 422, and the plan keeps what it had.
    for (const missing of [null, '']) {
      const cleared = await op('PUT', `/api/fusion/plan/${planUuid}`, {
        name: 'Teste 12,5',
        commission_percent: missing,
        monthly_fee_cents: missing,
      });
      expect(cleared.statusCode).toBe(422);
      expect(cleared.json().errors).toMatchObject({
        commission_percent: ['Informe a comissão.'],
        monthly_fee_cents: ['Informe a mensalidade.'],
      });
    }
    const kept = (await op('GET', '/api/fusion/plan')).json().data;
    expect(kept.find((p: { uuid: string }) => p.uuid === planUuid)).toMatchObject({
      commission_percent: '12.50',
      monthly_fee_cents: 4990,
    });
  });
});

describe('dashboards and exports', () => {
  const range = () => `dateInit=${day}&dateEnd=${day}`;

  it('agree with the appointments of the period', async () => {
    const sales = (await op('GET', `/api/fusion/dashboard/salesturnover?${range()}`)).json().data;
    // Two paid hours at R$ 80,00; the third was refunded in full. Commission 12,5% = R$ 10,00 each.
    expect(sales).toMatchObject({
      gross_cents: 16000,
      commission_cents: 2000,
      net_cents: 14000,
      refunded_cents: 8000,
      paid_appointments: 2,
    });
    expect(sales.days).toEqual([{ date: day, gross_cents: 16000, net_cents: 14000 }]);
    const frequent = (await op('GET', `/api/fusion/dashboard/frequentschedules?${range()}`)).json().data;
    expect(frequent.cells.map((c: { hour: number; count: number }) => [c.hour, c.count])).toEqual([
      [9, 1],
      [10, 1],
    ]);
    const rooms = (await op('GET', `/api/fusion/dashboard/availableRooms?${range()}`)).json().data;
    expect(rooms).toMatchObject({ rooms: 1, open_hours: 10, booked_hours: 2, occupancy: 0.2 });
    expect(rooms.top).toEqual([
      { uuid: room.uuid, name: 'Sala Painel', clinic: 'Clínica do Painel', booked_hours: 2 },
    ]);
    const people = (await op('GET', `/api/fusion/dashboard/specialists?${range()}`)).json().data;
    expect(people.active).toBe(1);
    const counts = (await op('GET', `/api/fusion/dashboard/coworkingcount?${range()}`)).json().data;
    expect(counts).toMatchObject({ clinics: 1, rooms: 1, active_rooms: 1, partners: 1 });

    const mine = await request(t.app, {
      method: 'GET',
      url: `/api/partner/dashboard/salesturnover?${range()}`,
      token: partner.token,
    });
    expect(mine.json().data.net_cents).toBe(14000);
    const other = await signedInAs(t, 'partner');
    const theirs = await request(t.app, {
      method: 'GET',
      url: `/api/partner/dashboard/salesturnover?${range()}`,
      token: other.token,
    });
    expect(theirs.json().data.gross_cents).toBe(0);
    expect(
      (await op('GET', '/api/fusion/dashboard/salesturnover?dateInit=2026-13-01&dateEnd=2026-01-01'))
        .statusCode,
    ).toBe(422);
  });

  it('export xlsx files with the SPEC names, headers, formats and totals', async () => {
    const res = await op('POST', '/api/fusion/exportFinance', { dateInit: day, dateEnd: day });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Financas-${day}-${day}.xlsx"; filename*=UTF-8''Finan%C3%A7as-${day}-${day}.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.getWorksheet('Finanças')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Data e hora',
      'Sala',
      'Clínica',
      'Parceiro',
      'CPF/CNPJ do parceiro',
      'Plano',
      'Comissão (%)',
      'Valor bruto',
      'Comissão',
      'Líquido do parceiro',
      'Pagamento',
      'Especialista',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(`${day}T09:00:00Z`));
    expect(sheet.getRow(2).getCell(8).numFmt).toBe('"R$" #,##0.00');
    expect([8, 9, 10].map((c) => sheet.getRow(2).getCell(c).value)).toEqual([80, 10, 70]);
    const total = sheet.getRow(4);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(8).value).toEqual({ formula: 'SUM(H2:H3)', result: 160 });
    expect(total.getCell(10).value).toEqual({ formula: 'SUM(J2:J3)', result: 140 });
    expect(sheet.autoFilter).toBeTruthy();
    // One row per payment, its split as the ledger keeps it, and the keys to reconcile with the provider.
    const paid = book.getWorksheet('Pagamentos')!;
    const header = paid.getRow(1).values as string[];
    expect(header.slice(9, 17)).toEqual([
      'Valor bruto',
      'Devolvido',
      'Comissão (%)',
      'Comissão',
      'Líquido do parceiro',
      'Tarifa do provedor',
      'Id no provedor',
      'Referência Salas',
    ]);
    const splits = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select uuid, gross_cents, refunded_cents, fee_cents, net_cents from payments where gross_cents > 0 order by id`,
    );
    const paidRows = [];
    for (let i = 2; i <= paid.rowCount; i++) paidRows.push(paid.getRow(i));
    const body = paidRows.filter((r) => r.getCell(1).value !== 'Total');
    expect(body.map((r) => r.getCell(16).value).sort()).toEqual(splits.map((r) => r.uuid).sort());
    for (const r of body) {
      const split = splits.find((x) => x.uuid === r.getCell(16).value)!;
      expect([9, 10, 12, 13].map((c) => r.getCell(c).value)).toEqual(
        ['gross_cents', 'refunded_cents', 'fee_cents', 'net_cents'].map((k) => Number(split[k]) / 100),
      );
    }
    const paidTotal = paidRows.find((r) => r.getCell(1).value === 'Total')!;
    expect((paidTotal.getCell(13).value as { result: number }).result).toBe(
      splits.reduce((n, r) => n + Number(r.net_cents), 0) / 100,
    );

    const appointments = await op('POST', '/api/fusion/exportAppointments', { dateInit: day, dateEnd: day });
    expect(appointments.headers['content-disposition']).toContain(
      `filename="Agendamentos-${day}-${day}.xlsx"`,
    );
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(appointments.rawPayload as never);
    const rows = book2.getWorksheet('Agendamentos')!;
    expect(rows.actualRowCount).toBe(4);
    expect(rows.getRow(4).getCell(7).value).toBe('Cancelada');
    expect(rows.getRow(4).getCell(10).value).toBe(80);

    const bad = await op('POST', '/api/fusion/exportAppointments', { dateInit: 'ontem' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.dateInit).toBeDefined();
  });
});
