import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { usePageTitle } from './use-page-title.ts';

/** Placeholder for screens a later release builds (allowed by the foundation issue only). */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" py="xl">
        <IconTools size={40} color="var(--mantine-color-salas-7)" aria-hidden="true" />
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">Em breve</Text>
      </Stack>
    </Paper>
  );
}
