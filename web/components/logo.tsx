import { Group, Text } from '@mantine/core';

/** The Salas mark: a door in a rounded square, and the name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 32 32" role="presentation">
        <rect width="32" height="32" rx="8" fill="#0b7a75" />
        <rect x="10" y="7" width="12" height="19" rx="2" fill="#ffffff" />
        <circle cx="19" cy="17" r="1.4" fill="#0b7a75" />
      </svg>
      <Text fw={800} fz={size * 0.7} c="salas.8" lh={1}>
        Salas
      </Text>
    </Group>
  );
}
