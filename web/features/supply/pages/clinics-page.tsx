import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useClinics } from '../api.ts';
import { text } from '../messages.ts';

export function ClinicsPage() {
  usePageTitle(text.clinics.title);
  const clinics = useClinics();
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {text.clinics.title}
          </Title>
          <Text c="dimmed">{text.clinics.subtitle}</Text>
        </div>
        <Button component={Link} to="/parceiro/gestao/clinicas/nova" leftSection={<IconPlus size={16} />}>
          {text.clinics.new}
        </Button>
      </Group>
      <QueryState isPending={clinics.isPending} error={clinics.error} retry={() => clinics.refetch()}>
        {clinics.data?.length === 0 ? (
          <Card withBorder p="xl">
            <Text ta="center">{text.clinics.empty}</Text>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {clinics.data?.map((clinic) => {
              const cover = clinic.photos.find((p) => p.is_cover) ?? clinic.photos[0];
              return (
                <Card
                  key={clinic.uuid}
                  withBorder
                  radius="md"
                  component={Link}
                  to={`/parceiro/gestao/clinicas/${clinic.uuid}`}
                >
                  <Card.Section>
                    {cover ? (
                      <Image src={`${cover.url}?size=sm`} alt="" h={150} fit="cover" />
                    ) : (
                      <Group h={150} justify="center" bg="gray.1">
                        <IconBuildingHospital
                          size={40}
                          color="var(--mantine-color-gray-6)"
                          aria-hidden="true"
                        />
                      </Group>
                    )}
                  </Card.Section>
                  <Group justify="space-between" mt="sm" wrap="nowrap">
                    <Text fw={700}>{clinic.name}</Text>
                    <Badge variant="light">{text.clinics.rooms(clinic.rooms_count)}</Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {clinic.address
                      ? `${clinic.address.neighborhood}, ${clinic.address.city} — ${clinic.address.state}`
                      : text.clinics.noAddress}
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
