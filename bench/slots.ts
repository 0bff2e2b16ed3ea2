/**
 * The slot rule alone (server/features/availability/slots.ts), in memory: a room's 31 days with
 * about 100 held hours, as the availability service computes them after its one query. With
 * `--against <checkout>` the same input also runs through that checkout's slotsFor, alternating
 * call by call in one process, so the two are measured side by side without any database noise.
 * Usage: npx tsx bench/slots.ts [iterations] [--against /path/to/other/checkout]
 */
import { addDays, zonedDate, zonedInstant } from '../common/time/zone.ts';
import { slotsFor } from '../server/features/availability/slots.ts';

const iterations = Number(process.argv[2] ?? 2000);
const againstAt = process.argv.indexOf('--against');
const other = againstAt > 0 ? process.argv[againstAt + 1] : undefined;
const tz = 'America/Sao_Paulo';
const today = zonedDate(new Date(), tz);
const month = Array.from({ length: 31 }, (_, i) => addDays(today, i));
const hours = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens_at: '08:00', closes_at: '20:00' }));
// Held hours: a fixed pattern of about three a day (deterministic, so both sides see the same).
const starts: number[] = [];
month.forEach((d, i) => {
  for (const h of [8 + (i % 5), 12 + (i % 3), 17 - (i % 4)])
    starts.push(zonedInstant(d, `${String(h).padStart(2, '0')}:00`, tz).getTime());
});
const held = starts.map((start) => ({ start, until: start + 3_600_000 }));
const blocks = [
  {
    startsAt: new Date(zonedInstant(month[10]!, '13:00', tz)),
    endsAt: new Date(zonedInstant(month[10]!, '18:00', tz)),
  },
];
const now = new Date();

const runNew = () => {
  for (const date of month)
    slotsFor({ date, timezone: tz, roomHours: hours, clinicHours: [], blocks, held, now });
};
let runOld: (() => void) | undefined;
if (other) {
  const old = await import(`${other}/server/features/availability/slots.ts`);
  const taken = new Set(starts);
  runOld = () => {
    for (const date of month)
      old.slotsFor({ date, timezone: tz, roomHours: hours, clinicHours: [], blocks, held, taken, now });
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const times = { new: [] as number[], old: [] as number[] };
for (let i = 0; i < 200; i++) {
  runNew();
  runOld?.();
}
for (let i = 0; i < iterations; i++) {
  let t0 = performance.now();
  runNew();
  times.new.push(performance.now() - t0);
  if (runOld) {
    t0 = performance.now();
    runOld();
    times.old.push(performance.now() - t0);
  }
}
console.log(`31 dias, ${held.length} horas ocupadas, ${iterations} vezes`);
console.log(`slotsFor deste código: p50 ${median(times.new).toFixed(3)} ms`);
if (runOld) {
  console.log(`slotsFor de ${other}: p50 ${median(times.old).toFixed(3)} ms`);
  console.log(`razão: ${(median(times.new) / median(times.old)).toFixed(2)}×`);
}
