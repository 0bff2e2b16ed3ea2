/**
 * Data generator of the availability benchmark: partners, clinics with weekday hours and a place
 * on the map, rooms (a third with their own hours, most with reviews), blocks and a year of
 * appointments, written with set-based SQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';

export interface SupplySize {
  clinics: number;
  roomsPerClinic: number;
  /** Appointments per room, spread over the 60 days around today. */
  appointmentsPerRoom: number;
  blocksPerRoom: number;
}

/** The size the scale benchmarks use: 5 rooms per clinic, 100 appointments and 10 blocks per room. */
export const benchSize = (clinics: number): SupplySize => ({
  clinics,
  roomsPerClinic: 5,
  appointmentsPerRoom: 100,
  blocksPerRoom: 10,
});

export async function generateSupply(db: Db, size: SupplySize): Promise<void> {
  const rooms = size.clinics * size.roomsPerClinic;
  await db.execute(sql`
    insert into users (name, email, role, email_verified_at)
    select 'Parceiro ' || g, 'parceiro' || g || '@bench.test', 'partner', now() from generate_series(1, ${size.clinics}) g`);
  await db.execute(sql`
    insert into users (name, email, role, email_verified_at)
    values ('Especialista Bench', 'especialista@bench.test', 'customer', now())`);
  await db.execute(sql`
    insert into clinics (partner_id, name, timezone)
    select u.id, 'Clínica ' || u.id, 'America/Sao_Paulo' from users u where u.role = 'partner'`);
  // Each clinic in one of twenty neighbourhoods of six cities, so a text search finds a twentieth.
  await db.execute(sql`
    with places(n, neighborhood, city, state) as (
      values (0, 'Pinheiros', 'São Paulo', 'SP'), (1, 'Vila Madalena', 'São Paulo', 'SP'),
             (2, 'Moema', 'São Paulo', 'SP'), (3, 'Bela Vista', 'São Paulo', 'SP'),
             (4, 'Itaim Bibi', 'São Paulo', 'SP'), (5, 'Tatuapé', 'São Paulo', 'SP'),
             (6, 'Santana', 'São Paulo', 'SP'), (7, 'Savassi', 'Belo Horizonte', 'MG'),
             (8, 'Funcionários', 'Belo Horizonte', 'MG'), (9, 'Lourdes', 'Belo Horizonte', 'MG'),
             (10, 'Botafogo', 'Rio de Janeiro', 'RJ'), (11, 'Copacabana', 'Rio de Janeiro', 'RJ'),
             (12, 'Tijuca', 'Rio de Janeiro', 'RJ'), (13, 'Barra da Tijuca', 'Rio de Janeiro', 'RJ'),
             (14, 'Batel', 'Curitiba', 'PR'), (15, 'Água Verde', 'Curitiba', 'PR'),
             (16, 'Moinhos de Vento', 'Porto Alegre', 'RS'), (17, 'Bela Vista', 'Porto Alegre', 'RS'),
             (18, 'Boa Viagem', 'Recife', 'PE'), (19, 'Casa Forte', 'Recife', 'PE')
    ), a as (
      insert into addresses (owner_id, zip_code, street, number, neighborhood, city, state)
      select c.partner_id, '01310100', 'Rua ' || c.id, (c.id % 900 + 1)::text, p.neighborhood, p.city, p.state
      from clinics c join places p on p.n = c.id % 20
      returning id, owner_id
    )
    update clinics c set address_id = a.id from a where a.owner_id = c.partner_id`);
  // Each clinic within about 2 km of its neighbourhood's centre (DESIGN §10 "Where rooms are").
  await db.execute(sql`
    with centre(n, lat, lng) as (
      values (0, -23.5646, -46.6817), (1, -23.5530, -46.6910), (2, -23.6010, -46.6650),
             (3, -23.5614, -46.6480), (4, -23.5840, -46.6780), (5, -23.5400, -46.5760),
             (6, -23.5020, -46.6250), (7, -19.9367, -43.9336), (8, -19.9330, -43.9290),
             (9, -19.9290, -43.9440), (10, -22.9459, -43.1823), (11, -22.9711, -43.1863),
             (12, -22.9250, -43.2330), (13, -23.0000, -43.3650), (14, -25.4417, -49.2904),
             (15, -25.4508, -49.2846), (16, -30.0254, -51.2018), (17, -30.0330, -51.1960),
             (18, -8.1126, -34.8962), (19, -8.0350, -34.9170)
    )
    update clinics c set latitude = ce.lat + ((c.id * 7919) % 2001 - 1000) / 50000.0,
                         longitude = ce.lng + ((c.id * 104729) % 2001 - 1000) / 50000.0,
                         location_source = 'address'
    from centre ce where ce.n = c.id % 20`);
  await db.execute(sql`
    insert into clinic_opening_hours (clinic_id, weekday, opens_at, closes_at)
    select c.id, d, '07:00', '22:00' from clinics c cross join generate_series(1, 6) d`);
  await db.execute(sql`
    insert into rooms (clinic_id, name, price_per_minute)
    select c.id, 'Sala ' || r, 1.0 from clinics c cross join generate_series(1, ${size.roomsPerClinic}) r`);
  // Six rooms in seven reviewed, 1 to 6 reviews averaging 3 to 5.
  await db.execute(sql`
    update rooms set rating_count = id % 7, rating_sum = (id % 7) * 3 + least(2 * (id % 7), id % 5)`);
  await db.execute(sql`
    insert into room_operating_hours (room_id, weekday, opens_at, closes_at)
    select r.id, d, '00:00', '23:59' from rooms r cross join generate_series(0, 6) d where r.id % 3 = 0`);
  await db.execute(sql`
    insert into blocked_schedules (room_id, starts_at, ends_at, reason)
    select r.id, date_trunc('hour', now()) + (b * 37 % 1440) * interval '1 hour',
           date_trunc('hour', now()) + (b * 37 % 1440 + 3) * interval '1 hour', 'bench'
    from rooms r cross join generate_series(1, ${size.blocksPerRoom}) b`);
  // One booking per appointment keeps the generator simple; statuses mostly confirmed.
  await db.execute(sql`
    with slots as (
      select r.id as room_id, s,
             date_trunc('hour', now()) + ((s * 7919) % 1440 - 720) * interval '1 hour' as starts_at
      from rooms r cross join generate_series(1, ${size.appointmentsPerRoom}) s
    ), dedup as (
      select distinct on (room_id, starts_at) room_id, starts_at from slots
    ), b as (
      insert into bookings (customer_id, room_id, status, amount_cents, payment_method)
      select (select id from users where role = 'customer' limit 1), room_id, 'confirmed', 6000, 'card' from dedup
      returning id, room_id
    ), numbered_b as (select id, room_id, row_number() over (partition by room_id order by id) n from b),
       numbered_s as (select room_id, starts_at, row_number() over (partition by room_id order by starts_at) n from dedup)
    insert into appointments (booking_id, room_id, customer_id, starts_at, ends_at, status, price_cents)
    select nb.id, ns.room_id, (select id from users where role = 'customer' limit 1), ns.starts_at,
           ns.starts_at + interval '1 hour', 'confirmed', 6000
    from numbered_b nb join numbered_s ns on ns.room_id = nb.room_id and ns.n = nb.n`);
  // Every booking paid by card; every partner on a plan (the finance figures need both).
  await db.execute(sql`
    insert into payments (booking_id, provider, provider_ref, method, status, amount_cents, paid_at)
    select id, 'sandbox', 'bench_' || id, 'card', 'paid', amount_cents, now() from bookings`);
  await db.execute(sql`
    insert into plans (name, commission_percent, monthly_fee_cents) values ('Bench', 10, 0)
    on conflict (name) do nothing`);
  await db.execute(sql`
    insert into partner_profiles (user_id, plan_id)
    select u.id, (select id from plans where name = 'Bench') from users u where u.role = 'partner'
    on conflict (user_id) do nothing`);
  console.log(
    `gerado: ${size.clinics} clínicas, ${rooms} salas, até ${rooms * size.appointmentsPerRoom} agendamentos`,
  );
}
