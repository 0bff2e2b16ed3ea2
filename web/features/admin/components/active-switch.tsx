import { Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { type PartnerFuture, partnerFutureQuery, useSetActive } from '../api.ts';
import { text } from '../messages.ts';
import { SuspendPartnerDialog } from './suspend-partner-dialog.tsx';

const t = text.active;

interface Props {
  uuid: string;
  name: string;
  active: boolean;
  /** A partner: before suspending, its rooms' bookings ahead are shown to keep or cancel. */
  partner?: boolean;
}

/**
 * Activates at once; deactivating asks first, because it signs the person out everywhere. A
 * partner with bookings ahead gets the choice of keeping them or canceling them with full refunds.
 */
export function ActiveSwitch({ uuid, name, active, partner = false }: Props) {
  const set = useSetActive();
  const queryClient = useQueryClient();
  const [loadingFuture, setLoadingFuture] = useState(false);
  const [future, setFuture] = useState<PartnerFuture>();
  const [pending, setPending] = useState<'keep' | 'cancel'>();

  const apply = (on: boolean) =>
    set.mutate(
      { user_uuid: uuid, setStatus: on ? 1 : 0 },
      {
        onSuccess: () => notifySuccess(on ? t.reactivated(name) : t.deactivated(name)),
        onError: (err) => notifyError(t.saveFailed, errorText(err)),
      },
    );

  const suspend = (cancelFuture: boolean) => {
    setPending(cancelFuture ? 'cancel' : 'keep');
    set.mutate(
      { user_uuid: uuid, setStatus: 0, cancel_future: cancelFuture },
      {
        onSuccess: (result) => {
          const kept = future?.appointments.length ?? 0;
          setFuture(undefined);
          notifySuccess(
            cancelFuture
              ? text.suspend.canceled(name, result.canceled_appointments, formatBrl(result.refunded_cents))
              : text.suspend.kept(name, kept),
          );
        },
        onError: (err) => notifyError(t.saveFailed, errorText(err)),
        onSettled: () => setPending(undefined),
      },
    );
  };

  const confirmPlain = () =>
    modals.openConfirmModal({
      title: t.confirmTitle(name),
      children: <Text size="sm">{t.confirmBody}</Text>,
      labels: { confirm: t.confirm, cancel: t.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => apply(false),
    });

  const askPartner = async () => {
    setLoadingFuture(true);
    try {
      const ahead = await queryClient.fetchQuery(partnerFutureQuery(uuid));
      if (ahead.appointments.length === 0) confirmPlain();
      else setFuture(ahead);
    } catch (err) {
      notifyError(t.saveFailed, errorText(err, t.loadFailed));
    } finally {
      setLoadingFuture(false);
    }
  };

  return (
    <>
      <Switch
        checked={active}
        disabled={set.isPending || loadingFuture}
        aria-label={t.label(name)}
        label={active ? t.on : t.off}
        onChange={(e) => {
          if (e.currentTarget.checked) return apply(true);
          if (partner) return void askPartner();
          confirmPlain();
        }}
      />
      {partner && (
        <SuspendPartnerDialog
          name={name}
          future={future}
          pending={pending}
          onKeep={() => suspend(false)}
          onCancelAll={() => suspend(true)}
          onClose={() => setFuture(undefined)}
        />
      )}
    </>
  );
}
