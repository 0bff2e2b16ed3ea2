/**
 * Canceling a booking from outside (issue 42). Its hours were recorded together, so the dialog names
 * them all and offers the whole booking first (one mail to the person) or only the hour tapped; a
 * one-hour booking is a plain confirm. The page sends the choice and says what went in its toast.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { PartnerAppointment } from '#common/contracts/booking';
import { text } from '../messages.ts';

const t = text.outsideCancel;
const dayOf = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** "12/03 10:00–12:00, 14:00–15:00": the hours in order, contiguous ones as one stretch. */
export function hourRanges(hours: PartnerAppointment[]): string {
  const sorted = [...hours].sort((a, b) => Date.parse(a.date_time) - Date.parse(b.date_time));
  const stretches: { from: string; to: string }[] = [];
  for (const h of sorted) {
    const last = stretches.at(-1);
    if (last && Date.parse(last.to) === Date.parse(h.date_time)) last.to = h.ends_at;
    else stretches.push({ from: h.date_time, to: h.ends_at });
  }
  const byDay = new Map<string, string[]>();
  for (const s of stretches)
    byDay.set(dayOf(s.from), [
      ...(byDay.get(dayOf(s.from)) ?? []),
      `${s.from.slice(11, 16)}–${s.to.slice(11, 16)}`,
    ]);
  return [...byDay].map(([day, list]) => `${day} ${list.join(', ')}`).join('; ');
}

/** The hours of `a`'s booking that still hold their time (itself included), from what is shown. */
export const heldHoursOf = (a: PartnerAppointment, shown: PartnerAppointment[]) => {
  const siblings = shown.filter((x) => x.booking_uuid === a.booking_uuid && x.status === 'confirmed');
  return siblings.some((x) => x.uuid === a.uuid) ? siblings : [a, ...siblings];
};

export function OutsideCancelDialog({
  appointment,
  hours,
  busy,
  onCancel,
  onClose,
}: {
  appointment: PartnerAppointment | null;
  /** Its booking's hours still held. */
  hours: PartnerAppointment[];
  busy: boolean;
  onCancel(whole: boolean): void;
  onClose(): void;
}) {
  const a = appointment;
  return (
    <Modal opened={Boolean(a)} onClose={onClose} title={t.title}>
      {a && (
        <Stack gap="sm">
          <Text>{t.hours(a.outside?.name ?? a.customer.name, hourRanges(hours))}</Text>
          <Text size="sm">{t.mail}</Text>
          <Stack gap="xs" mt="xs">
            {hours.length > 1 ? (
              <>
                <Button color="red" onClick={() => onCancel(true)} loading={busy}>
                  {t.all(hours.length)}
                </Button>
                <Button color="red" variant="light" onClick={() => onCancel(false)} disabled={busy}>
                  {t.one(`${a.date_time.slice(11, 16)}–${a.ends_at.slice(11, 16)}`)}
                </Button>
              </>
            ) : (
              <Button color="red" onClick={() => onCancel(false)} loading={busy}>
                {t.only}
              </Button>
            )}
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.keep}
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
