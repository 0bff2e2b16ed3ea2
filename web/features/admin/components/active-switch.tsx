import { Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSetActive } from '../api.ts';

/** Activates at once; deactivating asks first, because it signs the person out everywhere. */
export function ActiveSwitch({ uuid, name, active }: { uuid: string; name: string; active: boolean }) {
  const set = useSetActive();
  const apply = (on: boolean) =>
    set.mutate(
      { user_uuid: uuid, setStatus: on ? 1 : 0 },
      {
        onSuccess: () => notifySuccess(on ? `${name} pode entrar de novo.` : `${name} foi desativado(a).`),
        onError: (err) => notifyError('Erro ao salvar informações', errorText(err)),
      },
    );
  return (
    <Switch
      checked={active}
      disabled={set.isPending}
      aria-label={`Conta ativa: ${name}`}
      label={active ? 'Ativa' : 'Desativada'}
      onChange={(e) => {
        if (e.currentTarget.checked) return apply(true);
        modals.openConfirmModal({
          title: `Desativar ${name}?`,
          children: (
            <Text size="sm">
              A pessoa sai de todas as sessões agora e não consegue entrar até ser reativada. Reservas já
              feitas continuam na agenda.
            </Text>
          ),
          labels: { confirm: 'Desativar', cancel: 'Cancelar' },
          confirmProps: { color: 'red' },
          onConfirm: () => apply(false),
        });
      }}
    />
  );
}
