/**
 * Time zones as people in Brazil name them ("Horário de Brasília"), not as IANA ids. Zones outside
 * the map get the platform's long Portuguese name (Intl), then the raw id.
 */
export const brazilianZones = [
  { id: 'America/Sao_Paulo', name: 'Horário de Brasília', hint: 'SP, RJ, MG, Sul, GO, DF' },
  { id: 'America/Bahia', name: 'Horário de Brasília', hint: 'Bahia' },
  { id: 'America/Fortaleza', name: 'Horário de Brasília', hint: 'CE, RN, PB, PI, MA' },
  { id: 'America/Recife', name: 'Horário de Brasília', hint: 'Pernambuco' },
  { id: 'America/Maceio', name: 'Horário de Brasília', hint: 'Alagoas e Sergipe' },
  { id: 'America/Belem', name: 'Horário de Brasília', hint: 'Pará e Amapá' },
  { id: 'America/Araguaina', name: 'Horário de Brasília', hint: 'Tocantins' },
  { id: 'America/Manaus', name: 'Horário do Amazonas', hint: 'Amazonas (Brasília − 1 h)' },
  { id: 'America/Cuiaba', name: 'Horário de Mato Grosso', hint: 'Mato Grosso (Brasília − 1 h)' },
  { id: 'America/Campo_Grande', name: 'Horário de Mato Grosso do Sul', hint: 'MS (Brasília − 1 h)' },
  { id: 'America/Porto_Velho', name: 'Horário de Rondônia', hint: 'Rondônia (Brasília − 1 h)' },
  { id: 'America/Boa_Vista', name: 'Horário de Roraima', hint: 'Roraima (Brasília − 1 h)' },
  { id: 'America/Rio_Branco', name: 'Horário do Acre', hint: 'Acre (Brasília − 2 h)' },
  { id: 'America/Noronha', name: 'Horário de Fernando de Noronha', hint: 'Noronha (Brasília + 1 h)' },
] as const;

const byId = new Map<string, (typeof brazilianZones)[number]>(brazilianZones.map((z) => [z.id, z]));

/** "Horário de Brasília" for America/Sao_Paulo; Intl's long name for other zones; the id at worst. */
export function zoneName(id: string): string {
  const known = byId.get(id);
  if (known) return known.name;
  try {
    const part = new Intl.DateTimeFormat('pt-BR', { timeZone: id, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((p) => p.type === 'timeZoneName');
    if (part?.value) return part.value;
  } catch {
    /* an id the platform does not know */
  }
  return id;
}

/** "Horário de Brasília (Bahia)": the name and where it applies, for pickers. */
export function zoneLabel(id: string): string {
  const known = byId.get(id);
  return known ? `${known.name} (${known.hint})` : zoneName(id);
}

/** Options for a zone picker: the Brazilian zones, plus `current` if it is another one. */
export function zoneOptions(current?: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = brazilianZones.map((z) => ({
    value: z.id,
    label: zoneLabel(z.id),
  }));
  if (current && !byId.has(current)) options.push({ value: current, label: zoneLabel(current) });
  return options;
}
