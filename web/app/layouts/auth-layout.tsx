import { Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FloatingButtons } from '#web/components/floating-buttons.tsx';
import { Logo } from '#web/components/logo.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';

/** The public account pages: a centred card with the logo. */
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
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size={460} py={48} px="md" component="main">
        <Stack gap="lg">
          <Center>
            <Anchor component={Link} to="/rooms" aria-label="Salas — ver salas" underline="never">
              <Logo size={40} />
            </Anchor>
          </Center>
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
