import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { Plan } from '#common/contracts/admin';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { closeOnSave } from '#web/lib/form-errors.ts';
import { formatBrl } from '#web/lib/format.ts';
import { usePlans, useSavePlan } from '../api.ts';
import { ListHeader } from '../components/list-header.tsx';

function PlanForm({ plan, onClose }: { plan: Plan | null; onClose(): void }) {
  const save = useSavePlan();
  const form = useForm({
    initialValues: {
      name: plan?.name ?? '',
      commission: plan ? Number(plan.commission_percent) : 10,
      fee: plan ? plan.monthly_fee_cents / 100 : 0,
      active: plan?.active ?? true,
    },
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        uuid: plan?.uuid,
        name: v.name,
        commission_percent: Number(v.commission),
        monthly_fee_cents: Math.round(Number(v.fee) * 100),
        active: v.active,
      },
      closeOnSave(form, onClose, 'Informações Atualizadas com Sucesso!', {
        commission_percent: 'commission',
        monthly_fee_cents: 'fee',
      }),
    ),
  );
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
        <NumberInput
          label="Comissão sobre cada reserva (%)"
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          required
          {...form.getInputProps('commission')}
        />
        <NumberInput
          label="Mensalidade (R$)"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator=","
          thousandSeparator="."
          prefix="R$ "
          {...form.getInputProps('fee')}
        />
        <Switch
          label="Disponível para novos parceiros"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Text size="xs" c="dimmed">
          Uma mudança de comissão vale para os relatórios a partir de agora, para todos os parceiros do plano.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/gestao/planos: commission plans; each partner has one (DESIGN §5). */
export function AdminPlansPage() {
  usePageTitle('Planos');
  const plans = usePlans();
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);
  return (
    <Stack>
      <ListHeader title="Planos" addLabel="Novo plano" onAdd={() => setEditing(null)} />
      <QueryState isPending={plans.isPending} error={plans.error} retry={() => plans.refetch()}>
        <ScrollTable minWidth={640} label="Planos">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plano</Table.Th>
                <Table.Th>Comissão</Table.Th>
                <Table.Th>Mensalidade</Table.Th>
                <Table.Th>Parceiros</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plans.data?.map((p) => (
                <Table.Tr key={p.uuid}>
                  <Table.Td fw={600}>{p.name}</Table.Td>
                  <Table.Td>{p.commission_percent.replace('.', ',')}%</Table.Td>
                  <Table.Td>{formatBrl(p.monthly_fee_cents)}</Table.Td>
                  <Table.Td>{p.partners_count}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={p.active ? 'salas' : 'gray'}
                      style={{ color: 'var(--mantine-color-dark-7)' }}
                    >
                      {p.active ? 'Disponível' : 'Encerrado'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing(p)}
                      aria-label={`Editar ${p.name}`}
                    >
                      Editar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </QueryState>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Editar ${editing.name}` : 'Novo plano'}
      >
        {editing !== undefined && <PlanForm plan={editing} onClose={() => setEditing(undefined)} />}
      </Modal>
    </Stack>
  );
}
