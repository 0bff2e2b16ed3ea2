import '#web/components/responsive.css';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { searchParamNames } from '#common/domain/rooms';
import { Columns } from '#web/components/columns.tsx';
import { NotFound } from '#web/components/not-found.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { RoomCard } from '#web/features/rooms/components/room-card.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { useCityPage } from './api.ts';

/** The search of a city, narrowed to one of its neighbourhoods. */
const neighborhoodSearch = (city: string, neighborhood: string) =>
  `/rooms?${new URLSearchParams({ [searchParamNames.search]: city, [searchParamNames.neighborhood]: neighborhood })}`;

/** /salas/{cidade}: a city's rooms for visitors and search engines (DESIGN §9, decision 0044). */
export function CityPage() {
  const { cidade = '' } = useParams();
  const page = useCityPage(cidade);
  const city = page.data?.city;
  usePageTitle(city ? `Salas por hora em ${city.name}` : page.data === null ? 'Cidade sem salas' : 'Salas');
  return (
    <QueryState isPending={page.isPending} error={page.error} retry={() => page.refetch()}>
      {page.data === null ? (
        <NotFound
          title="Cidade sem salas"
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
