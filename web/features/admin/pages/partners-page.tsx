import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCnpj, formatCpf } from '#common/br/documents';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { closeOnSave } from '#web/lib/form-errors.ts';
import { useCreatePartner, usePartners, usePlans } from '../api.ts';
import { ActiveSwitch } from '../components/active-switch.tsx';
import { ListHeader } from '../components/list-header.tsx';

export const formatDocument = (d: string | null) =>
  !d ? '—' : d.length === 11 ? formatCpf(d) : formatCnpj(d);

function NewPartner({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const create = useCreatePartner();
  const plans = usePlans();
  const form = useForm({
    initialValues: { name: '', email: '', plan_uuid: '', document: '', legal_name: '' },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      values,
      // SPEC §8: 'Email já existe no sistema', else 'Erro ao salvar informações'.
      closeOnSave(form, onClose, `Parceiro criado. Enviamos a ${values.email} o link para definir a senha.`),
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Novo parceiro">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Nome do responsável" required {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <Select
            label="Plano"
            required
            data={(plans.data ?? [])
              .filter((p) => p.active)
              .map((p) => ({
                value: p.uuid,
                label: `${p.name} — ${p.commission_percent.replace('.', ',')}%`,
              }))}
            {...form.getInputProps('plan_uuid')}
          />
          <TextInput label="Razão social (opcional)" {...form.getInputProps('legal_name')} />
          <TextInput label="CNPJ ou CPF (opcional)" {...form.getInputProps('document')} />
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

/** /admin/gestao/parceiros: clinics' owners with plan, clinics and rooms. */
export function AdminPartnersPage() {
  usePageTitle('Parceiros');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = usePartners(page);
  return (
    <Stack>
      <ListHeader title="Parceiros" addLabel="Novo parceiro" onAdd={() => setCreating(true)} />
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        <ScrollTable minWidth={820} label="Parceiros">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parceiro</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Plano</Table.Th>
                <Table.Th>Clínicas</Table.Th>
                <Table.Th>Salas</Table.Th>
                <Table.Th>Conta</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.data.map((p) => (
                <Table.Tr key={p.uuid}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/gestao/parceiros/${p.uuid}`} fw={600} size="sm">
                      {p.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.legal_name ?? p.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDocument(p.document)}</Table.Td>
                  <Table.Td>
                    {p.plan ? `${p.plan.name} (${p.plan.commission_percent.replace('.', ',')}%)` : '—'}
                  </Table.Td>
                  <Table.Td>{p.clinics_count}</Table.Td>
                  <Table.Td>{p.rooms_count}</Table.Td>
                  <Table.Td>
                    <ActiveSwitch uuid={p.uuid} name={p.name} active={p.active} partner />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
      <NewPartner opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
