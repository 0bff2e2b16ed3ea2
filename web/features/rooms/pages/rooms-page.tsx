import '#web/components/responsive.css';
import './rooms-page.css';
import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Drawer,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { publicTitles } from '#common/domain/page-titles';
import { filterParams, pagePath, searchFromUrl, searchParamNames, searchSorts } from '#common/domain/rooms';
import { Columns } from '#web/components/columns.tsx';
import { Pager } from '#web/components/pager.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { MapLoading } from '#web/features/map/lazy-maps.tsx';
import { text as mapText } from '#web/features/map/messages.ts';
import { NearControls } from '#web/features/map/near-controls.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useRoomSearch } from '../api.ts';
import { RoomCard } from '../components/room-card.tsx';
import { activeFilters, SearchFilters } from '../components/search-filters.tsx';
import { text } from '../messages.ts';

// The map's code (and Leaflet) is fetched when the person first opens it.
const RoomsMapPane = lazy(() => import('../components/rooms-map-pane.tsx'));

/**
 * /rooms for everyone and /especialista/salas: the header search drives `search` and `date`; the
 * filters and the order live in the address too (decision 0042), so a shared link opens the same
 * list. On a desktop the filters stand in a column beside the results; on a phone behind a
 * "Filtros" button that opens them in a drawer (CSS chooses: the server draws both the same).
 * The map (DESIGN §10 "Where rooms are") is a script-only addition: "Mapa" beside the list from
 * 1024 px, "Lista" / "Mapa" narrower; moving it offers "Buscar nesta área" (`area`), and "Perto de
 * mim" or an address sorts the list by distance from that point (`perto`).
 */
export function RoomsPage() {
  const [params, setParams] = useSearchParams();
  const searched = searchFromUrl(params);
  const { search, date, sort, page, body, near, bbox } = searched;
  const config = usePublicConfig();
  const [map, setMap] = useState(false);
  // What the point is called (the address found, or "você"); a shared link's point has no name.
  const [nearLabel, setNearLabel] = useState<string | null>(null);
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
  const n = searchParamNames;
  // A new point replaces the place the text or the map named: the nearest rooms from it, first.
  const goNear = (point: { lat: number; lng: number }, label: string | null) => {
    setNearLabel(label ?? mapText.near.yours);
    set({
      [n.near]: `${point.lat},${point.lng}`,
      [n.area]: null,
      [n.sort]: null,
      [n.search]: null,
      [n.field]: null,
      [n.neighborhood]: null,
    });
  };
  const clearFilters = () => set(Object.fromEntries([...filterParams, n.area].map((p) => [p, null])));
  const mapSwitch = (
    <>
      <Button.Group className="salas-map-switch-narrow" aria-label={mapText.view}>
        {([false, true] as const).map((on) => (
          <Button
            key={String(on)}
            size="sm"
            variant={map === on ? 'filled' : 'default'}
            aria-pressed={map === on}
            onClick={() => setMap(on)}
          >
            {on ? mapText.map : mapText.list}
          </Button>
        ))}
      </Button.Group>
      <Button
        className="salas-map-switch-wide"
        variant={map ? 'filled' : 'default'}
        size="sm"
        leftSection={<IconMap size={16} aria-hidden="true" />}
        aria-pressed={map}
        onClick={() => setMap((open) => !open)}
      >
        {mapText.map}
      </Button>
    </>
  );

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
            data={searchSorts
              .filter((value) => value !== 'distance' || near)
              .map((value) => ({ value, label: text.sorts[value] }))}
            value={sort}
            onChange={(e) => set({ [searchParamNames.sort]: e.currentTarget.value })}
          />
        </Group>
      </Group>
      <NearControls onNear={goNear} before={mapSwitch} />
      {near && (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{mapText.near.active(nearLabel)}</Text>
          <CloseButton
            size="sm"
            aria-label={mapText.near.remove}
            onClick={() => set({ [n.near]: null, [n.sort]: sort === 'distance' ? null : sort })}
          />
        </Group>
      )}
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
        <div className={`salas-results${map ? ' salas-with-map' : ''}`}>
          <Box className="salas-results-list">
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
                  {filtersOn > 0 || bbox ? (
                    <Button variant="light" onClick={clearFilters}>
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
              <Columns cols={map ? { base: 1, sm: 2, md: 1, xl: 2 } : { base: 1, sm: 2, lg: 3 }}>
                {query.data?.data.map((room, index) => (
                  <RoomCard key={room.uuid} room={room} search={search} date={date} first={index < 3} />
                ))}
              </Columns>
            )}
          </Box>
          {map && config && (
            <div className="salas-results-map">
              <Suspense fallback={<MapLoading />}>
                <RoomsMapPane
                  rooms={query.data?.data ?? []}
                  tiles={{ url: config.mapTileUrl, attribution: config.mapTileAttribution }}
                  area={bbox}
                  near={near}
                  onSearchArea={(box) =>
                    set({ [n.area]: [box.south, box.west, box.north, box.east].join(',') })
                  }
                  search={search || null}
                  date={date}
                />
              </Suspense>
            </div>
          )}
        </div>
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
