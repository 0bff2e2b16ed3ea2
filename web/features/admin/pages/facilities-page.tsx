import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminFacility } from '#common/contracts/admin';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { errorText } from '#web/lib/api.ts';
import { closeOnSave } from '#web/lib/form-errors.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDeleteFacility, useFacilities, useSaveFacility } from '../api.ts';
import { ListHeader } from '../components/list-header.tsx';
import { text } from '../messages.ts';

function FacilityForm({ facility, onClose }: { facility: AdminFacility | null; onClose(): void }) {
  const save = useSaveFacility();
  const form = useForm({ initialValues: { name: facility?.name ?? '' } });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { uuid: facility?.uuid, name: v.name },
      closeOnSave(form, onClose, 'Informações Atualizadas com Sucesso!'),
    ),
  );
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Nome"
          placeholder="Ex.: Maca, Pia, Wi-Fi"
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/gestao/diferenciais: what rooms can offer (Wi-Fi, maca, pia...). */
export function AdminFacilitiesPage() {
  usePageTitle('Diferenciais');
  const list = useFacilities();
  const remove = useDeleteFacility();
  const [editing, setEditing] = useState<AdminFacility | null | undefined>(undefined);

  const ask = (f: AdminFacility) =>
    modals.openConfirmModal({
      title: `Excluir “${f.name}”?`,
      children: (
        <Text size="sm">
          {f.rooms_count === 0
            ? 'Nenhuma sala usa este diferencial.'
            : text.counts.facilityRooms(f.rooms_count)}
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(f.uuid, {
          onSuccess: () => notifySuccess('Informações Atualizadas com Sucesso!'),
          onError: (err) => notifyError('Erro ao excluir', errorText(err)),
        }),
    });

  return (
    <Stack>
      <ListHeader title="Diferenciais" addLabel="Novo diferencial" onAdd={() => setEditing(null)} />
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        <Table striped maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Salas</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.map((f) => (
              <Table.Tr key={f.uuid}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{f.rooms_count}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Renomear ${f.name}`}
                      onClick={() => setEditing(f)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Excluir ${f.name}`}
                      onClick={() => ask(f)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </QueryState>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? 'Renomear diferencial' : 'Novo diferencial'}
      >
        {editing !== undefined && <FacilityForm facility={editing} onClose={() => setEditing(undefined)} />}
      </Modal>
    </Stack>
  );
}
