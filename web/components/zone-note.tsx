import { Text } from '@mantine/core';
import { durationLabel } from '#common/domain/booking-rules';
import { zoneName } from '#common/time/zone-names';
import { browserZone, type ZoneDifference, zoneDifferences } from '#web/lib/dates.ts';

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

const text = {
  intro: 'Horários no fuso de cada clínica.',
  place: (clinics: string, zone: string, difference: string) => `${clinics}: ${zone}, ${difference}.`,
  behind: (d: string) => `${d} a menos que o seu horário`,
  ahead: (d: string) => `${d} a mais que o seu horário`,
};

/** "Clínica Rio Negro: Horário do Amazonas, 1 h a menos que o seu horário." */
export const zoneSentence = (d: ZoneDifference): string =>
  text.place(
    list.format(d.clinics),
    zoneName(d.zone),
    (d.minutes < 0 ? text.behind : text.ahead)(durationLabel(Math.abs(d.minutes))),
  );

/**
 * Says which clinics' times are on another clock than the viewer's (issue 42): an agenda or a
 * statement shows each hour as its clinic writes it, so a partner in São Paulo looking at a room in
 * Manaus reads Manaus' time, and is told so. Nothing when every clinic's clock shows the viewer's.
 */
export function ZoneNote({
  clinics,
  viewer = browserZone(),
}: {
  clinics: readonly { name: string; timezone: string }[];
  viewer?: string;
}) {
  const differences = zoneDifferences(clinics, viewer);
  if (differences.length === 0) return null;
  return (
    <Text size="sm" c="dark.4" data-testid="zone-note">
      {text.intro} {differences.map(zoneSentence).join(' ')}
    </Text>
  );
}
