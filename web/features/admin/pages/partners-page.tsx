import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCnpj, formatCpf } from '#common/br/documents';
import type { PartnerApproval } from '#common/contracts/partner';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { closeOnSave } from '#web/lib/form-errors.ts';
import { useCreatePartner, usePlans } from '../api.ts';
import { ActiveSwitch } from '../components/active-switch.tsx';
import { ListHeader } from '../components/list-header.tsx';
import { ApprovalCell, approvalText } from '../components/partner-approval.tsx';
import { SameDocumentWarning } from '../components/same-document-warning.tsx';
import { usePartnersByApproval, usePendingPartnersCount } from '../partner-approval-api.ts';

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

/** The list's filter by sign-up state, kept in the address (`?cadastro=pendentes`: the operators' mail links it). */
const filters: { value: string; label: string; approval: PartnerApproval | null }[] = [
  { value: 'todos', label: 'Todos', approval: null },
  { value: 'pendentes', label: 'Pendentes', approval: 'pending' },
  { value: 'recusados', label: 'Recusados', approval: 'rejected' },
];

function ApprovalFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const pending = usePendingPartnersCount();
  return (
    <SegmentedControl
      aria-label="Filtrar parceiros pelo cadastro"
      value={value}
      onChange={onChange}
      data={filters.map((f) => ({
        value: f.value,
        label:
          f.approval === 'pending' && pending.data ? (
            <Group gap={6} wrap="nowrap" justify="center">
              {f.label}
              <Badge size="sm" circle color="yellow" style={{ color: 'var(--mantine-color-dark-9)' }}>
                {pending.data}
                <VisuallyHidden> em análise</VisuallyHidden>
              </Badge>
            </Group>
          ) : (
            f.label
          ),
      }))}
    />
  );
}

/** /admin/gestao/parceiros: clinics' owners with plan, clinics and rooms, and sign-ups to decide. */
export function AdminPartnersPage() {
  usePageTitle('Parceiros');
  const [params, setParams] = useSearchParams();
  const filter = filters.find((f) => f.value === params.get('cadastro')) ?? filters[0]!;
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = usePartnersByApproval(page, filter.approval);
  return (
    <Stack>
      <ListHeader title="Parceiros" addLabel="Novo parceiro" onAdd={() => setCreating(true)} />
      <ApprovalFilter
        value={filter.value}
        onChange={(value) => {
          setPage(1);
          setParams(value === 'todos' ? {} : { cadastro: value }, { replace: true });
        }}
      />
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Text c="dark.4">
            {filter.approval === 'pending'
              ? 'Nenhum cadastro em análise.'
              : filter.approval === 'rejected'
                ? 'Nenhum cadastro recusado.'
                : 'Nenhum parceiro ainda.'}
          </Text>
        ) : (
          <ScrollTable minWidth={960} label="Parceiros">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parceiro</Table.Th>
                  <Table.Th>{approvalText.column}</Table.Th>
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
                      {/* In the first column: seen on a phone without scrolling the table sideways. */}
                      <SameDocumentWarning partner={p} compact />
                    </Table.Td>
                    <Table.Td>
                      <ApprovalCell partner={p} />
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
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
      <NewPartner opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
