/**
 * A room's publication (decision 0038): its status badge, the checklist the server enforces,
 * "Publicar" / "Voltar a rascunho" and "Pré-visualizar" (the public page as visitors will see it).
 */
import { Badge, Button, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import type { Room } from '#common/contracts/supply';
import { roundIcon } from '#web/components/mantine-vars.ts';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { usePublishRoom } from '../api.ts';
import { text } from '../messages.ts';

const t = text.publishing;

export function RoomStatusBadge({ room }: { room: Pick<Room, 'published'> }) {
  return room.published ? (
    <Badge color="teal.9">{text.status.published}</Badge>
  ) : (
    <Badge color="yellow.3" autoContrast>
      {text.status.draft}
    </Badge>
  );
}

export function PreviewButton({ room }: { room: Pick<Room, 'uuid'> }) {
  return (
    <Button
      component="a"
      href={`/rooms/${room.uuid}`}
      target="_blank"
      rel="noopener"
      variant="default"
      leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      title={t.previewHint}
    >
      {t.preview}
    </Button>
  );
}

/** The checklist and the publish / unpublish button; `dirty`: unsaved changes wait for "Salvar" first. */
export function RoomPublishing({ room, dirty }: { room: Room; dirty: boolean }) {
  const publish = usePublishRoom();
  const complete = room.checklist.every((c) => c.done);
  const act = (on: boolean) =>
    publish.mutate(
      { uuid: room.uuid, publish: on },
      {
        onSuccess: () => notifySuccess(on ? t.published : t.unpublished),
        onError: (err) => notifyError(t.publishFailed, errorText(err)),
      },
    );
  const intro = room.published ? (room.active ? t.publishedIntro : t.publishedInactive) : t.draftIntro;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <RoomStatusBadge room={room} />
        <Text size="sm">{intro}</Text>
      </Group>
      {!room.published && (
        <>
          <Text fw={600} size="sm" id="publish-checklist">
            {t.checklist}
          </Text>
          <List spacing={4} size="sm" center aria-labelledby="publish-checklist">
            {room.checklist.map((c) => (
              <List.Item
                key={c.item}
                icon={
                  <ThemeIcon color={c.done ? 'teal' : 'gray'} variant="light" size={20} vars={roundIcon}>
                    {c.done ? (
                      <IconCheck size={14} aria-hidden="true" />
                    ) : (
                      <IconX size={14} aria-hidden="true" />
                    )}
                  </ThemeIcon>
                }
              >
                <Text span size="sm" c={c.done ? undefined : 'dimmed'}>
                  {c.label}
                </Text>
                <VisuallyHidden component="span">{` (${c.done ? t.done : t.missing})`}</VisuallyHidden>
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {dirty ? t.saveFirst : !room.published && !complete ? t.completeFirst : ''}
        </Text>
        <Group gap="xs">
          <PreviewButton room={room} />
          {room.published ? (
            <Button
              variant="light"
              color="gray"
              loading={publish.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: t.unpublishTitle,
                  children: <Text>{t.unpublishBody}</Text>,
                  labels: { confirm: t.unpublish, cancel: text.cancel },
                  onConfirm: () => act(false),
                })
              }
            >
              {t.unpublish}
            </Button>
          ) : (
            <Button loading={publish.isPending} disabled={dirty || !complete} onClick={() => act(true)}>
              {t.publish}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
