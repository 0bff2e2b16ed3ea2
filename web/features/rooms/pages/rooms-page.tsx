import { Button, Card, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { searchFromUrl, searchSorts } from '#common/domain/rooms';
import { Pager } from '#web/components/pager.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useRoomSearch } from '../api.ts';
import { RoomCard } from '../components/room-card.tsx';
import { text } from '../messages.ts';

/** /rooms for everyone and /especialista/salas: the header search drives `search` and `date`. */
export function RoomsPage() {
  usePageTitle(text.title);
  const [params, setParams] = useSearchParams();
  const { search, date, sort, page, body } = searchFromUrl(params);
  const query = useRoomSearch(body, page);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const meta = query.data?.meta;

  return (
    <Stack>
      <div>
        <Title order={1} fz="h2">
          {search ? text.searchFor(search) : text.title}
        </Title>
        <Text c="dimmed">{date ? text.onDate(date) : text.subtitle}</Text>
      </div>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" aria-live="polite">
          {meta ? text.results(meta.total) : ' '}
        </Text>
        <NativeSelect
          label={text.sort}
          w={200}
          data={searchSorts.map((value) => ({ value, label: text.sorts[value] }))}
          value={sort}
          onChange={(e) => set('ordem', e.currentTarget.value)}
        />
      </Group>
      {query.error ? (
        <Card withBorder p="xl" role="alert">
          <Stack align="center">
            <Text>{(query.error as Error).message}</Text>
            <Button variant="light" onClick={() => query.refetch()}>
              Tentar de novo
            </Button>
          </Stack>
        </Card>
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} role="status" aria-label="Carregando salas">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={300} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.data?.data.length === 0 ? (
        <Card withBorder p="xl">
          <Stack align="center">
            <Text ta="center">{text.empty}</Text>
            <Button component={Link} to="/rooms" variant="light">
              {text.clear}
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
          {query.data?.data.map((room, index) => (
            <RoomCard key={room.uuid} room={room} search={search} date={date} first={index < 4} />
          ))}
        </SimpleGrid>
      )}
      <Pager meta={meta} onChange={(p) => set('page', String(p))} />
    </Stack>
  );
}
