import { Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES, supplyMessages } from '#common/domain/supply';
import { errorText } from '#web/lib/api.ts';
import { userQueryKey, useSession } from '#web/lib/session.tsx';
import { uploadPhotos } from '#web/lib/upload.ts';

/** The signed-in user's profile photo, replaced by choosing a new file. */
export function ProfilePhoto() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!user) return null;

  const send = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) return setFailure(`${file.name}: ${supplyMessages.photoSize}`);
    setSending(true);
    try {
      await uploadPhotos('profile', user.uuid, [file]);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    } catch (err) {
      setFailure(errorText(err, supplyMessages.photoFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Group>
      <Avatar
        src={user.photo ? `${user.photo.url}?size=sm` : null}
        size={72}
        radius="xl"
        color="salas"
        alt={`Foto de ${user.name}`}
      >
        {user.name.slice(0, 1)}
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={send} accept={ACCEPTED_PHOTO_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={sending}>
              {user.photo ? 'Trocar foto' : 'Adicionar foto'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          JPG, JPEG, PNG ou WEBP, até 10 MB.
        </Text>
      </Stack>
      <Modal
        opened={Boolean(failure)}
        onClose={() => setFailure(undefined)}
        title={supplyMessages.photoFailed}
        centered
      >
        <Text>{failure}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setFailure(undefined)}>Fechar</Button>
        </Group>
      </Modal>
    </Group>
  );
}
