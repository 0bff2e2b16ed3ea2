import { Alert, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCreditCard, IconDoor } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '#web/components/logo.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as accountText } from '#web/features/account/messages.ts';

const points = [
  {
    Icon: IconDoor,
    title: 'Salas prontas',
    text: 'Consultórios mobiliados em clínicas e coworkings de saúde.',
  },
  {
    Icon: IconCalendarEvent,
    title: 'Por hora ou em pacote',
    text: 'Reserve um horário ou vários dias de uma vez.',
  },
  { Icon: IconCreditCard, title: 'Cartão ou Pix', text: 'Pagamento na hora, com confirmação por e-mail.' },
];

/** The public landing page (/). */
export function HomePage() {
  usePageTitle('Salas por hora para profissionais da saúde');
  const [params] = useSearchParams();
  return (
    <Container size="md" py={64} component="main">
      <Stack gap="xl">
        {params.get('conta') === 'excluida' && (
          <Alert color="green" title={accountText.modal.doneTitle} role="status">
            {accountText.modal.doneNotice}
          </Alert>
        )}
        <Logo size={44} />
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Salas por hora para profissionais da saúde
        </Title>
        <Text size="lg" c="dark.4">
          Psicólogos, fisioterapeutas, nutricionistas e outros especialistas encontram a sala certa perto dos
          seus pacientes — e clínicas ocupam os horários livres.
        </Text>
        <Group>
          <Button component={Link} to="/rooms" size="md">
            Ver salas disponíveis
          </Button>
          <Button component={Link} to="/signin" size="md" variant="default">
            Entrar
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt="lg">
          {points.map(({ Icon, title, text }) => (
            <Stack key={title} gap="xs">
              <ThemeIcon size="lg" radius="md" aria-hidden="true">
                <Icon size={20} />
              </ThemeIcon>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dark.4">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
