import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Section } from '#web/components/section.tsx';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDownloadMyData } from './api.ts';
import { DeleteAccountModal } from './delete-account-modal.tsx';
import { text } from './messages.ts';

/**
 * LGPD self-service for every role (DESIGN §8): download one's data, delete one's account. Placed at
 * the bottom of the customer's and the partner's profile and on the operator's account page.
 */
export function PrivacySection() {
  const exporting = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <Section title={text.title}>
      <Stack gap="lg">
        <Text size="sm">
          {text.intro}{' '}
          <Anchor component={Link} to="/privacidade" underline="always">
            {text.policy}
          </Anchor>
          .
        </Text>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dark.4" maw={460}>
            {text.downloadHint}
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={exporting.isPending}
            onClick={() =>
              exporting.mutate(undefined, {
                onSuccess: (name) => notifySuccess(text.downloaded(name)),
                onError: (err) => notifyError(text.downloadFailed, errorText(err)),
              })
            }
          >
            {text.download}
          </Button>
        </Group>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dark.4" maw={460}>
            {text.deleteHint}
          </Text>
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => setDeleting(true)}
          >
            {text.delete}
          </Button>
        </Group>
      </Stack>
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </Section>
  );
}
