import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDoor, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { formatBrl } from '#web/lib/format.ts';
import { useClinics, useRooms } from '../api.ts';
import { BlockForm } from '../components/block-form.tsx';
import { RoomStatusBadge } from '../components/room-publishing.tsx';
import { text } from '../messages.ts';

const t = text.rooms;

export function RoomsPage() {
  usePageTitle(t.title);
  const [params, setParams] = useSearchParams();
  const clinicFilter = params.get('clinica');
  const clinics = useClinics();
  const rooms = useRooms();
  const [blocking, setBlocking] = useState(false);
  const list = (rooms.data ?? []).filter((r) => !clinicFilter || r.clinic.uuid === clinicFilter);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {t.title}
          </Title>
          <Text c="dimmed">{t.subtitle}</Text>
        </div>
        <Group>
          <Button
            variant="default"
            leftSection={<IconLock size={16} />}
            onClick={() => setBlocking(true)}
            disabled={!rooms.data?.length}
          >
            {t.block}
          </Button>
          <Button
            component={Link}
            to={`/parceiro/gestao/salas/nova${clinicFilter ? `?clinica=${clinicFilter}` : ''}`}
            leftSection={<IconPlus size={16} />}
            disabled={!clinics.data?.length}
          >
            {t.new}
          </Button>
        </Group>
      </Group>
      <Select
        label={t.filter}
        w={{ base: '100%', sm: 320 }}
        data={[
          { value: '', label: t.all },
          ...(clinics.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
        ]}
        value={clinicFilter ?? ''}
        onChange={(v) => setParams(v ? { clinica: v } : {})}
        allowDeselect={false}
      />
      <QueryState isPending={rooms.isPending} error={rooms.error} retry={() => rooms.refetch()}>
        {list.length === 0 ? (
          <Card withBorder p="xl">
            <Text ta="center">{t.empty}</Text>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.map((room) => {
              const cover = room.photos.find((p) => p.is_cover) ?? room.photos[0];
              return (
                <Card
                  key={room.uuid}
                  withBorder
                  radius="md"
                  component={Link}
                  to={`/parceiro/gestao/salas/${room.uuid}`}
                >
                  <Card.Section>
                    {cover ? (
                      <Image src={`${cover.url}?size=sm`} alt="" h={150} fit="cover" />
                    ) : (
                      <Group h={150} justify="center" bg="gray.1">
                        <IconDoor size={40} color="var(--mantine-color-gray-6)" aria-hidden="true" />
                      </Group>
                    )}
                  </Card.Section>
                  <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
                    <Text fw={700}>{room.name}</Text>
                    <Group gap={4} wrap="nowrap">
                      {!room.active && <Badge color="gray">{t.inactive}</Badge>}
                      <RoomStatusBadge room={room} />
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {room.clinic.name}
                  </Text>
                  <Text fw={600} mt={4}>
                    {formatBrl(room.hour_price_cents)}
                    <Text span size="sm" c="dimmed">
                      {t.perHour}
                    </Text>
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
      <Modal
        opened={blocking}
        onClose={() => setBlocking(false)}
        title={text.blocks.title}
        centered
        size="lg"
      >
        <BlockForm rooms={rooms.data ?? []} onDone={() => setBlocking(false)} />
      </Modal>
    </Stack>
  );
}
