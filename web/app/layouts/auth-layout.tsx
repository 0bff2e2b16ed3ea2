import { Alert, Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '#common/errors';
import { FloatingButtons } from '#web/components/floating-buttons.tsx';
import { Logo } from '#web/components/logo.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';

/** The public account pages: a centred card with the logo (and why a session ended, when it did). */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  const [params] = useSearchParams();
  // A session of an account suspended meanwhile ends here (web/lib/session.tsx), told why.
  const suspended = params.get('conta') === 'suspensa';
  return (
    <Box bg="gray.0" mih="100vh" className="salas-floating-room">
      <Container size={460} py={48} px="md" component="main">
        <Stack gap="lg">
          <Center>
            <Anchor component={Link} to="/rooms" aria-label="Salas — ver salas" underline="never">
              <Logo size={40} />
            </Anchor>
          </Center>
          {suspended && (
            <Alert color="red" variant="light" title="Sua sessão foi encerrada" role="alert">
              {messages.suspended}.
            </Alert>
          )}
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="xs" mb="lg">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dark.4" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Container>
      <FloatingButtons />
    </Box>
  );
}
