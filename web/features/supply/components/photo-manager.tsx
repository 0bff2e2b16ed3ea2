import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Photo } from '#common/contracts/supply';
import { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES } from '#common/domain/supply';
import { errorText } from '#web/lib/api.ts';
import { uploadPhotos, useDeletePhoto, useMakeCover } from '../api.ts';
import { text } from '../messages.ts';

interface Props {
  type: 'clinic' | 'room';
  ownerUuid: string;
  photos: Photo[];
}

/** Dropzone with previews, several files at once, progress, cover and delete (SPEC §5 rules). */
export function PhotoManager({ type, ownerUuid, photos }: Props) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const remove = useDeletePhoto();
  const cover = useMakeCover();

  const send = async (files: File[]) => {
    setProgress(0);
    try {
      await uploadPhotos(type, ownerUuid, files, setProgress);
      await queryClient.invalidateQueries({ queryKey: ['partner'] });
    } catch (err) {
      setFailure(errorText(err, text.photoFailed));
    } finally {
      setProgress(undefined);
    }
  };

  const reject = (rejections: FileRejection[]) => {
    const r = rejections[0];
    const tooBig = r?.errors.some((e) => e.code === 'file-too-large');
    setFailure(`${r?.file.name ?? ''}: ${tooBig ? text.photoSize : text.photoType}`);
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={send}
        onReject={reject}
        maxSize={MAX_PHOTO_BYTES}
        accept={[...ACCEPTED_PHOTO_TYPES]}
        multiple
        loading={progress !== undefined}
        aria-label={text.photos.drop}
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
          <IconPhotoPlus size={36} color="var(--mantine-color-salas-7)" aria-hidden="true" />
          <div>
            <Text fw={600}>{text.photos.drop}</Text>
            <Text size="sm" c="dimmed">
              {text.photos.rules}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== undefined && <Progress value={progress} aria-label={text.photos.sending} animated />}
      {photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.photos.none}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {photos.map((photo) => (
            <Card key={photo.uuid} withBorder padding={0} radius="md">
              <Image src={`${photo.url}?size=sm`} alt="" h={120} fit="cover" />
              <Group justify="space-between" p={6} gap={4} wrap="nowrap">
                {photo.is_cover ? (
                  <Badge leftSection={<IconStar size={12} />} variant="light">
                    {text.photos.cover}
                  </Badge>
                ) : (
                  // Two lines in a narrow tile (two columns at 360 px) rather than cut.
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    h="auto"
                    py={2}
                    styles={{ label: { whiteSpace: 'normal' } }}
                    onClick={() => cover.mutate(photo.uuid)}
                  >
                    {text.photos.makeCover}
                  </Button>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={text.photos.remove}
                  onClick={() => remove.mutate({ type, uuid: photo.uuid })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={Boolean(failure)}
        onClose={() => setFailure(undefined)}
        title={text.photoFailed}
        centered
      >
        <Text>{failure}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setFailure(undefined)}>Fechar</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
