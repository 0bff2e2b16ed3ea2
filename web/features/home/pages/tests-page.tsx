import { Badge, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FloatingButtons } from '#web/components/floating-buttons.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { api } from '#web/lib/api.ts';

/** /tests: a diagnostics page for support — is the API up, what the browser sees. */
export function TestsPage() {
  usePageTitle('Diagnóstico');
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => api<{ status: string }>('/health'),
    retry: false,
  });
  return (
    <Container size="sm" py={48} component="main" className="salas-floating-room">
      <Stack>
        <Title order={1}>Diagnóstico</Title>
        <Text>
          API:{' '}
          {health.isPending ? (
            <Badge color="gray">verificando</Badge>
          ) : health.data?.status === 'ok' ? (
            <Badge color="green">funcionando</Badge>
          ) : (
            <Badge color="red">indisponível</Badge>
          )}
        </Text>
        <Text>
          Navegador: <Code>{navigator.userAgent}</Code>
        </Text>
      </Stack>
      <FloatingButtons />
    </Container>
  );
}
