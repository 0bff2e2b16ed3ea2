import '#web/components/responsive.css';
import {
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { publicTitles } from '#common/domain/page-titles';
import { filterParams, pagePath, searchFromUrl, searchParamNames, searchSorts } from '#common/domain/rooms';
import { Columns } from '#web/components/columns.tsx';
import { Pager } from '#web/components/pager.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useRoomSearch } from '../api.ts';
import { RoomCard } from '../components/room-card.tsx';
import { activeFilters, SearchFilters } from '../components/search-filters.tsx';
import { text } from '../messages.ts';

/**
 * /rooms for everyone and /especialista/salas: the header search drives `search` and `date`; the
 * filters and the order live in the address too (decision 0042), so a shared link opens the same
 * list. On a desktop the filters stand in a column beside the results; on a phone behind a
 * "Filtros" button that opens them in a drawer (CSS chooses: the server draws both the same).
 */
export function RoomsPage() {
  const [params, setParams] = useSearchParams();
  const searched = searchFromUrl(params);
  const { search, date, sort, page, body } = searched;
  usePageTitle(publicTitles.rooms(search, page));
  const { pathname } = useLocation();
  const query = useRoomSearch(body, page);
  const [drawer, setDrawer] = useState(false);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete(searchParamNames.page);
    setParams(next);
  };
  const meta = query.data?.meta;
  const facets = query.data?.facets;
  // A page past the last (a stale link, a search the browser ran) shows the last, as the server
  // answers the searches it runs (302).
  useEffect(() => {
    if (meta && page > Math.max(1, meta.last_page))
      setParams(new URLSearchParams(pagePath('', params, meta.last_page).slice(1)), { replace: true });
  }, [meta, page]);
  const filtersOn = activeFilters(searched);

  return (
    <Stack>
      <div>
        <Title order={1} fz="h2">
          {search ? text.searchFor(search) : text.title}
        </Title>
        <Text c="dimmed">{date ? text.onDate(date) : text.subtitle}</Text>
      </div>
      {/* On a phone the count takes its own line when the buttons need the width. */}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" aria-live="polite">
          {meta ? text.results(meta.total) : ' '}
        </Text>
        {/* At 360 px "Filtros" and the order do not fit side by side: the order wraps below. */}
        <Group gap="xs" wrap="wrap" align="flex-end" justify="flex-end">
          <Button
            hiddenFrom="md"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
            rightSection={
              filtersOn ? (
                <Badge size="sm" circle>
                  {filtersOn}
                </Badge>
              ) : null
            }
            onClick={() => setDrawer(true)}
            aria-haspopup="dialog"
          >
            {text.filters.title}
          </Button>
          <NativeSelect
            label={text.sort}
            className="salas-sort-select"
            data={searchSorts.map((value) => ({ value, label: text.sorts[value] }))}
            value={sort}
            onChange={(e) => set({ [searchParamNames.sort]: e.currentTarget.value })}
          />
        </Group>
      </Group>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Paper
          component="aside"
          aria-label={text.filters.title}
          visibleFrom="md"
          withBorder
          p="md"
          radius="md"
          w={260}
          style={{ flexShrink: 0, position: 'sticky', top: 'var(--salas-sticky-top, 16px)' }}
        >
          <Text fw={700} mb="sm">
            {text.filters.title}
          </Text>
          <SearchFilters search={searched} facets={facets} set={set} idPrefix="filtros" />
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
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
            <Columns cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Carregando salas">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={300} radius="md" />
              ))}
            </Columns>
          ) : query.data?.data.length === 0 ? (
            <Card withBorder p="xl">
              <Stack align="center">
                <Text ta="center">{text.empty}</Text>
                {filtersOn > 0 ? (
                  <Button
                    variant="light"
                    onClick={() => set(Object.fromEntries(filterParams.map((p) => [p, null])))}
                  >
                    {text.filters.clear}
                  </Button>
                ) : (
                  <Button component={Link} to="/rooms" variant="light">
                    {text.clear}
                  </Button>
                )}
              </Stack>
            </Card>
          ) : (
            <Columns cols={{ base: 1, sm: 2, lg: 3 }}>
              {query.data?.data.map((room, index) => (
                <RoomCard key={room.uuid} room={room} search={search} date={date} first={index < 3} />
              ))}
            </Columns>
          )}
        </Box>
      </Group>
      <Drawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        title={text.filters.title}
        closeButtonProps={{ 'aria-label': text.filters.close }}
        position="bottom"
        size="85%"
        hiddenFrom="md"
      >
        <Stack>
          <SearchFilters search={searched} facets={facets} set={set} idPrefix="filtros-celular" />
          <Button onClick={() => setDrawer(false)}>{text.filters.show(meta?.total)}</Button>
        </Stack>
      </Drawer>
      {/* Each page a link to its address, the search and filters kept (DESIGN §10 "Crawlers"). */}
      <Pager meta={meta} href={(p) => pagePath(pathname, params, p)} />
    </Stack>
  );
}
