import './responsive.css';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDoorOff, IconMapSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { roundIcon } from './mantine-vars.ts';
import { usePageTitle } from './use-page-title.ts';

/** A page that is not there: what happened in Portuguese, and the way back to search (and home). */
export function NotFound({
  title,
  body,
  icon = <IconMapSearch size={30} aria-hidden="true" />,
  home = true,
}: {
  title: string;
  body: string;
  icon?: ReactNode;
  home?: boolean;
}) {
  usePageTitle(title);
  return (
    <Stack align="center" className="salas-not-found" gap="sm" ta="center">
      <ThemeIcon size={60} vars={roundIcon} variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={1} className="salas-not-found-title">
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {body}
      </Text>
      <Group justify="center" gap="sm" mt="xs">
        <Button component={Link} to="/rooms">
          Ver salas disponíveis
        </Button>
        {home && (
          <Button component={Link} to="/" variant="default">
            Ir para o início
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Any address the app does not know. */
export function NotFoundPage() {
  return (
    <NotFound title="Página não encontrada" body="O endereço que você abriu não existe ou foi movido." />
  );
}

/** /rooms/{uuid} for a room that does not exist, is not published or was taken down. */
export function RoomNotFound() {
  return (
    <NotFound
      title="Sala não encontrada"
      body="Esta sala não existe ou não está mais disponível."
      icon={<IconDoorOff size={30} aria-hidden="true" />}
    />
  );
}
