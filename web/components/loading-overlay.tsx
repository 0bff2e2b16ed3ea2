import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-screen "Carregando..." (SPEC §2). */
export function FullScreenLoading() {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Carregando...</Text>
      </Stack>
    </Center>
  );
}
