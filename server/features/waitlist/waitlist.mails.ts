/** The mail that offers a freed time to the person waiting for it (decision 0025). */
import { eq } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import type { Executor } from '../../db/client.ts';
import { appointments, bookings, clinics, rooms, users, waitlistEntries } from '../../db/schema.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';
import { runLabel, when } from '../bookings/booking.mails.ts';

export async function sendWaitlistOffer(s: Services, entryId: number, db: Executor = s.db): Promise<void> {
  const [row] = await db
    .select({ entry: waitlistEntries, booking: bookings, room: rooms, clinic: clinics, customer: users })
    .from(waitlistEntries)
    .innerJoin(bookings, eq(bookings.id, waitlistEntries.offerBookingId))
    .innerJoin(rooms, eq(rooms.id, waitlistEntries.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row) return;
  const hours = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(eq(appointments.bookingId, row.booking.id))
    .orderBy(appointments.startsAt);
  const tz = row.clinic.timezone;
  const first = hours[0]!;
  const last = hours.at(-1)!;
  const link = `${s.config.publicUrl}/especialista/agendamentos?oferta=${row.entry.uuid}`;
  const mail = renderMail({
    subject: `Vagou um horário: ${row.room.name}, ${runLabel({ start: first.startsAt, end: last.endsAt }, tz)} — guardado para você`,
    greeting: `Olá, ${row.customer.name.split(' ')[0]}!`,
    paragraphs: [
      `O horário que você esperava ficou livre — ${row.room.name} (${row.clinic.name}): ${when(first.startsAt, tz)} até ${when(last.endsAt, tz).slice(-5)}.`,
      `Ele está guardado para você até ${when(row.entry.offerExpiresAt!, tz)} (15 minutos). Valor: ${formatBrl(row.booking.amountCents)}.`,
      `Para confirmar, pague com cartão ou Pix em Meus agendamentos: ${link}`,
      'Se não pagar até lá, o horário passa para a próxima pessoa da lista de espera.',
    ],
  });
  await s.mailer.send({ to: row.customer.email, ...mail }, db);
}
