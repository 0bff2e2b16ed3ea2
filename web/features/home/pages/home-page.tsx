import './home-page.css';
import { Alert, Button, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent, IconCreditCard, IconDoor } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { publicTitles } from '#common/domain/page-titles';
import { searchFromUrl } from '#common/domain/rooms';
import { PageShell } from '#web/app/layouts/main-layout.tsx';
import { Columns } from '#web/components/columns.tsx';
import { buttonJustify } from '#web/components/mantine-vars.ts';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as accountText } from '#web/features/account/messages.ts';
import { useCities } from '#web/features/cities/api.ts';
// The home shows the room list's first page: the same query, so /rooms then opens at once.
import { useRoomSearch } from '#web/features/rooms/api.ts';
import { RoomCard } from '#web/features/rooms/components/room-card.tsx';
import { formatBrl } from '#web/lib/format.ts';

const FEATURED = 6;
const listQuery = searchFromUrl(new URLSearchParams());

const points = [
  {
    Icon: IconDoor,
    title: 'Salas prontas',
    text: 'Consultórios mobiliados em clínicas e coworkings de saúde.',
  },
  {
    Icon: IconCalendarEvent,
    title: 'Por hora ou em pacote',
    text: 'Reserve um horário ou vários dias de uma vez.',
  },
  { Icon: IconCreditCard, title: 'Cartão ou Pix', text: 'Pagamento na hora, com confirmação por e-mail.' },
];

/** A few rooms to start from: the list's first ones (pinned by the operator first). */
function FeaturedRooms() {
  const list = useRoomSearch(listQuery.body, listQuery.page);
  const rooms = list.data?.data.slice(0, FEATURED) ?? [];
  if (list.isError || (list.data && rooms.length === 0)) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="salas-destaque">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h3" id="salas-destaque">
          Salas em destaque
        </Title>
        <Button component={Link} to="/rooms" variant="subtle" rightSection={<IconArrowRight size={16} />}>
          Ver todas as salas
        </Button>
      </Group>
      <Columns cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {list.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={300} radius="md" />)
          : rooms.map((room, i) => <RoomCard key={room.uuid} room={room} first={i < 2} />)}
      </Columns>
    </Stack>
  );
}

/** The cities with rooms, each to its own page (/salas/{cidade}): how visitors and crawlers reach them. */
function Cities() {
  const cities = useCities().data ?? [];
  if (cities.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="salas-cidades">
      <Title order={2} fz="h3" id="salas-cidades">
        Salas por cidade
      </Title>
      <Columns
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {cities.map((city) => (
          <li key={city.slug}>
            <Button
              component={Link}
              to={`/salas/${city.slug}`}
              variant="default"
              fullWidth
              h="auto"
              py="xs"
              vars={buttonJustify('space-between')}
              // Four columns from 770 px leave ~180 px a button: its lines wrap rather than cut.
              styles={{ label: { whiteSpace: 'normal' } }}
              rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            >
              {/* Spans: a button's label is phrasing content (no div or p inside a link). */}
              <Stack component="span" gap={0} align="flex-start">
                <Text component="span" fw={600} size="sm">
                  {city.name} – {city.state}
                </Text>
                <Text component="span" size="xs" c="dark.4">
                  {city.rooms} {city.rooms === 1 ? 'sala' : 'salas'} · a partir de{' '}
                  {formatBrl(city.price_from_cents)}/h
                </Text>
              </Stack>
            </Button>
          </li>
        ))}
      </Columns>
    </Stack>
  );
}

/** The public landing page (/): the shell (header with search, footer, help), a word on the product, rooms. */
export function HomePage() {
  usePageTitle(publicTitles.home);
  const [params] = useSearchParams();
  return (
    <PageShell>
      <Container size="xl" className="salas-home">
        <Stack gap={48}>
          {params.get('conta') === 'excluida' && (
            <Alert color="green" title={accountText.modal.doneTitle} role="status">
              {accountText.modal.doneNotice}
            </Alert>
          )}
          <Stack gap="lg" maw={760}>
            <Title order={1} className="salas-home-title" lh={1.15}>
              Salas por hora para profissionais da saúde
            </Title>
            <Text size="lg" c="dark.4">
              Psicólogos, fisioterapeutas, nutricionistas e outros especialistas encontram a sala certa perto
              dos seus pacientes — e clínicas ocupam os horários livres.
            </Text>
            <Group>
              <Button component={Link} to="/rooms" size="md">
                Ver salas disponíveis
              </Button>
              <Button component={Link} to="/anuncie" size="md" variant="default">
                Anuncie sua sala
              </Button>
            </Group>
          </Stack>
          <FeaturedRooms />
          <Cities />
          <Columns cols={{ base: 1, sm: 3 }} spacing="lg">
            {points.map(({ Icon, title, text }) => (
              <Stack key={title} gap="xs">
                <ThemeIcon size="lg" aria-hidden="true">
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={700}>{title}</Text>
                <Text size="sm" c="dark.4">
                  {text}
                </Text>
              </Stack>
            ))}
          </Columns>
        </Stack>
      </Container>
    </PageShell>
  );
}
