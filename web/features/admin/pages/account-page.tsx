import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { PrivacySection } from '#web/features/account/privacy-section.tsx';
import { ChangePasswordSection } from '#web/features/auth/components/change-password-section.tsx';
import { useSession } from '#web/lib/session.tsx';

/** /admin/conta: the operator's own account (who is signed in, their data under the LGPD). */
export function AdminAccountPage() {
  usePageTitle('Minha conta');
  const { user } = useSession();
  return (
    <Stack maw={820}>
      <Title order={1} fz="h2">
        Minha conta
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Text fw={600}>{user?.name}</Text>
        <Text size="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
          {user?.email}
        </Text>
      </Paper>
      <ChangePasswordSection />
      <PrivacySection />
    </Stack>
  );
}
