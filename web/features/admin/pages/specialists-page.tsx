import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCpf } from '#common/br/documents';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { closeOnSave } from '#web/lib/form-errors.ts';
import { formatShortDate } from '#web/lib/format.ts';
import { type SpecialistQuery, useCreateSpecialist, useSpecialists } from '../api.ts';
import { ActiveSwitch } from '../components/active-switch.tsx';
import { ListHeader } from '../components/list-header.tsx';

const attributes = [
  { value: 'name', label: 'Nome' },
  { value: 'email', label: 'E-mail' },
  { value: 'cpf', label: 'CPF' },
];
const sorts = [
  { value: 'name:asc', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
  { value: 'created_at:desc', label: 'Mais recentes' },
  { value: 'created_at:asc', label: 'Mais antigos' },
  { value: 'email:asc', label: 'E-mail' },
];

function NewSpecialist({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const create = useCreateSpecialist();
  const form = useForm({ initialValues: { name: '', email: '' } });
  const submit = form.onSubmit((values) =>
    create.mutate(
      values,
      closeOnSave(form, onClose, `Enviamos a ${values.email} o link para definir a senha.`),
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Novo especialista">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            A pessoa recebe um e-mail para definir a senha e completa CPF, conselho e endereço ao entrar.
          </Text>
          <TextInput label="Nome completo" required {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Criar e enviar convite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/gestao/especialistas: every specialist, searched by name, e-mail or CPF. */
export function AdminSpecialistsPage() {
  usePageTitle('Especialistas');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('name:asc');
  const [attribute, setAttribute] = useState<'name' | 'email' | 'cpf'>('name');
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 300);
  const [creating, setCreating] = useState(false);
  const [by, order] = sort.split(':') as [SpecialistQuery['sort'], SpecialistQuery['order']];
  const list = useSpecialists({
    page,
    sort: by,
    order,
    search: debounced ? { attribute, value: debounced } : undefined,
  });

  return (
    <Stack>
      <ListHeader title="Especialistas" addLabel="Novo especialista" onAdd={() => setCreating(true)} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Buscar por"
          data={attributes}
          value={attribute}
          onChange={(v) => {
            setAttribute((v ?? 'name') as typeof attribute);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 140 }}
        />
        <TextInput
          label="Busca"
          placeholder={
            attribute === 'cpf' ? '000.000.000-00' : attribute === 'email' ? 'nome@exemplo.com' : 'Nome'
          }
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Ordenar por"
          data={sorts}
          value={sort}
          onChange={(v) => setSort(v ?? 'name:asc')}
          allowDeselect={false}
          disabled={Boolean(debounced)}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhum especialista encontrado.
          </Text>
        ) : (
          <ScrollTable minWidth={820} label="Especialistas">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>CPF</Table.Th>
                  <Table.Th>Conselho</Table.Th>
                  <Table.Th>Reservas</Table.Th>
                  <Table.Th>Desde</Table.Th>
                  <Table.Th>Conta</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((u) => (
                  <Table.Tr key={u.uuid}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/gestao/especialistas/${u.uuid}`}
                        fw={600}
                        size="sm"
                      >
                        {u.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{u.cpf ? formatCpf(u.cpf) : '—'}</Table.Td>
                    <Table.Td>{u.council ?? '—'}</Table.Td>
                    <Table.Td>{u.appointments_count}</Table.Td>
                    <Table.Td>{formatShortDate(u.created_at)}</Table.Td>
                    <Table.Td>
                      <ActiveSwitch uuid={u.uuid} name={u.name} active={u.active} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
      <NewSpecialist opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
