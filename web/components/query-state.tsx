import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Loading skeleton, error with retry, or the content (DESIGN §6: every page has all three). */
export function QueryState({
  isPending,
  error,
  retry,
  children,
}: {
  isPending: boolean;
  error: unknown;
  retry(): void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" title="Não foi possível carregar" role="alert">
        <Stack gap="xs" align="flex-start">
          {(error as Error).message}
          <Button size="xs" variant="light" color="red" onClick={retry}>
            Tentar de novo
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Stack aria-label="Carregando" role="status">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  return children;
}
