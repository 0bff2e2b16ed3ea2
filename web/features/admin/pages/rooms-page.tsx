import { Anchor, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useAdminRooms, useAllPartners, useSetFixed } from '../api.ts';

/** /admin/gestao/salas: every room of every partner; pinned rooms lead the public search. */
export function AdminRoomsPage() {
  usePageTitle('Salas');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [partner, setPartner] = useState<string | null>(null);
  const [fixed, setFixed] = useState<string | null>(null);
  const partners = useAllPartners();
  const list = useAdminRooms({ page, search: debounced, partner, fixed });
  const pin = useSetFixed();
  const reset = () => setPage(1);

  return (
    <Stack>
      <Title order={1} fz="h2">
        Salas
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Busca"
          placeholder="Sala, clínica, parceiro, bairro ou cidade"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            reset();
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Parceiro"
          placeholder="Todos"
          data={(partners.data ?? []).map((p) => ({ value: p.uuid, label: p.name }))}
          value={partner}
          onChange={(v) => {
            setPartner(v);
            reset();
          }}
          clearable
          searchable
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label="Destaque"
          placeholder="Todas"
          data={[
            { value: '1', label: 'Fixadas' },
            { value: '0', label: 'Não fixadas' },
          ]}
          value={fixed}
          onChange={(v) => {
            setFixed(v);
            reset();
          }}
          clearable
          w={{ base: '100%', sm: 160 }}
        />
      </Group>
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhuma sala com esses filtros.
          </Text>
        ) : (
          <ScrollTable minWidth={820} label="Salas">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sala</Table.Th>
                  <Table.Th>Parceiro</Table.Th>
                  <Table.Th>Onde</Table.Th>
                  <Table.Th>Preço/hora</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Fixada no topo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((r) => (
                  <Table.Tr key={r.uuid}>
                    <Table.Td>
                      <Anchor component={Link} to={`/rooms/${r.uuid}`} fw={600} size="sm">
                        {r.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {r.clinic.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/gestao/parceiros/${r.partner.uuid}`} size="sm">
                        {r.partner.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {[r.clinic.neighborhood, r.clinic.city].filter(Boolean).join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>{formatBrl(r.hour_price_cents)}</Table.Td>
                    <Table.Td>{r.active ? 'Ativa' : 'Inativa'}</Table.Td>
                    <Table.Td>
                      <Switch
                        checked={r.fixed === 1}
                        aria-label={`Fixar ${r.name} no topo da busca`}
                        disabled={pin.isPending}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          pin.mutate(
                            { room_uuid: r.uuid, fixed: on ? 1 : 0 },
                            {
                              onSuccess: () =>
                                notifySuccess(
                                  on
                                    ? `${r.name} aparece primeiro na busca.`
                                    : `${r.name} deixou de ser fixada.`,
                                ),
                              onError: (err) => notifyError('Erro ao salvar informações', errorText(err)),
                            },
                          );
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
    </Stack>
  );
}
