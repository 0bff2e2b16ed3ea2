import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of an editor page (clinic, room, profile). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
