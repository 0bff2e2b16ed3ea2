import '#web/components/responsive.css';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { publicTitles } from '#common/domain/page-titles';
import { pageNumberIn, pagePath, searchParamNames } from '#common/domain/rooms';
import { Columns } from '#web/components/columns.tsx';
import { NotFound } from '#web/components/not-found.tsx';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { RoomCard } from '#web/features/rooms/components/room-card.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { useCityPage } from './api.ts';

/** The search of a city, narrowed to one of its neighbourhoods. */
const neighborhoodSearch = (city: string, neighborhood: string) =>
  `/rooms?${new URLSearchParams({ [searchParamNames.search]: city, [searchParamNames.neighborhood]: neighborhood })}`;

/**
 * /salas/{cidade}: a city's rooms for visitors and search engines (DESIGN §9, decision 0044), a page
 * at a time (`?page=N`, each page its own address).
 */
export function CityPage() {
  const { cidade = '' } = useParams();
  const [params] = useSearchParams();
  const number = pageNumberIn(params);
  const page = useCityPage(cidade, number);
  const city = page.data?.city;
  const meta = page.data?.meta;
  const pageAt = (n: number) => pagePath(`/salas/${cidade}`, new URLSearchParams(), n);
  // A page past the last (a stale link) shows the last, as the server answers it (302).
  const navigate = useNavigate();
  useEffect(() => {
    if (meta && number > meta.last_page) navigate(pageAt(meta.last_page), { replace: true });
  }, [meta, number]);
  usePageTitle(
    city ? publicTitles.city(city, number) : page.data === null ? publicTitles.cityMissing : 'Salas',
  );
  return (
    <QueryState isPending={page.isPending} error={page.error} retry={() => page.refetch()}>
      {page.data === null ? (
        <NotFound
          title={publicTitles.cityMissing}
          body="Ainda não há salas publicadas nesta cidade. Veja as salas de outras cidades."
        />
      ) : (
        page.data && (
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} className="salas-page-title">
                Salas por hora em {page.data.city.name}
              </Title>
              <Text c="dimmed">
                {page.data.city.rooms} {page.data.city.rooms === 1 ? 'sala' : 'salas'} para profissionais da
                saúde em {page.data.city.name} – {page.data.city.state}, a partir de{' '}
                {formatBrl(page.data.city.price_from_cents)} por hora.
              </Text>
            </Stack>
            {page.data.neighborhoods.length > 0 && (
              <Stack gap={6} component="nav" aria-label="Bairros">
                <Text size="sm" fw={600}>
                  Bairros
                </Text>
                <Group gap={6}>
                  {page.data.neighborhoods.map((n) => (
                    <Badge
                      key={n.name}
                      component={Link}
                      to={neighborhoodSearch(page.data!.city.name, n.name)}
                      variant="light"
                      size="lg"
                      style={{ cursor: 'pointer', textTransform: 'none' }}
                    >
                      {n.name} ({n.rooms})
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            <Columns cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
              {page.data.rooms.map((room, index) => (
                <RoomCard key={room.uuid} room={room} first={index < 4} />
              ))}
            </Columns>
            <Pager meta={meta} href={pageAt} />
            <Group>
              <Button
                component={Link}
                to={`/rooms?${new URLSearchParams({ [searchParamNames.search]: page.data.city.name })}`}
                variant="light"
              >
                Buscar com data e filtros em {page.data.city.name}
              </Button>
              <Anchor component={Link} to="/rooms" size="sm">
                Ver salas de todas as cidades
              </Anchor>
            </Group>
          </Stack>
        )
      )}
    </QueryState>
  );
}
