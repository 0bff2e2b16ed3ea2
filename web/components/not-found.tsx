import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <Stack align="center" py={80} gap="sm">
      <Title order={1}>Página não encontrada</Title>
      <Text c="dimmed">O endereço que você abriu não existe ou foi movido.</Text>
      <Button component={Link} to="/rooms">
        Ver salas disponíveis
      </Button>
    </Stack>
  );
}
