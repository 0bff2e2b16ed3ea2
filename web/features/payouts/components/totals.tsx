import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatBrl } from '#web/lib/format.ts';

/** One figure: a label, the amount and what it means. */
function Figure({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dark.4" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 26 }} fw={800} c="salas.8" style={{ overflowWrap: 'anywhere' }}>
        {formatBrl(cents)}
      </Text>
      <Text size="xs" c="dark.4">
        {hint}
      </Text>
    </Paper>
  );
}

/** Three figures side by side (one under the other on a phone). */
export function Totals({
  label,
  figures,
}: {
  label: string;
  figures: { label: string; cents: number; hint: string }[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="group" aria-label={label}>
      {figures.map((f) => (
        <Figure key={f.label} {...f} />
      ))}
    </SimpleGrid>
  );
}
