import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Clinic } from '#common/contracts/supply';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { errorText } from '#web/lib/api.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useClinic,
  useClinicHours,
  useClinicRules,
  useDeleteClinic,
  useSaveClinicHours,
  useSaveClinicRules,
} from '../api.ts';
import { BookingRulesForm } from '../components/booking-rules-form.tsx';
import { AddressContactForm, ClinicDataForm } from '../components/clinic-forms.tsx';
import { ClinicLocation } from '../components/clinic-location.tsx';
import { ClinicRoomsStep } from '../components/clinic-rooms-step.tsx';
import { HoursEditor } from '../components/hours-editor.tsx';
import { PhotoManager } from '../components/photo-manager.tsx';
import { text } from '../messages.ts';

const t = text.clinic;
const s = text.steps;
/** The set-up's steps, in order; the URL's ?etapa= names one, so each is reachable directly. */
const steps = ['dados', 'endereco', 'horarios', 'regras', 'salas', 'fotos'] as const;
type Step = (typeof steps)[number];
const labels: Record<Step, string> = {
  dados: s.data,
  endereco: s.address,
  horarios: s.hours,
  regras: s.rules,
  salas: s.rooms,
  fotos: s.photos,
};
const titles: Record<Step, string> = {
  dados: s.titles.data,
  endereco: s.titles.address,
  horarios: s.titles.hours,
  regras: s.titles.rules,
  salas: s.titles.rooms,
  fotos: s.titles.photos,
};

/**
 * A clinic as one guided flow: dados → endereço → horários → regras → salas → fotos, one save per step
 * (a toast), the SPEC's "Sucesso!" dialog at the end. A new clinic exists after the first step;
 * an existing one opens on any step.
 */
export function ClinicEditorPage() {
  const { uuid } = useParams();
  const isNew = !uuid || uuid === 'nova';
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)');
  const clinic = useClinic(isNew ? undefined : uuid);
  const hours = useClinicHours(isNew ? undefined : uuid);
  const saveHours = useSaveClinicHours();
  const rules = useClinicRules(isNew ? undefined : uuid);
  const saveRules = useSaveClinicRules();
  const remove = useDeleteClinic();
  const [finished, setFinished] = useState(false);
  useBreadcrumbName(uuid, clinic.data?.name);
  usePageTitle(clinic.data?.name ?? t.newTitle);

  const requested = params.get('etapa') as Step | null;
  const step: Step = isNew ? 'dados' : requested && steps.includes(requested) ? requested : 'dados';
  const index = steps.indexOf(step);
  const setupFlow = params.get('nova') === '1';
  const go = (next: Step) => {
    const p = new URLSearchParams(params);
    p.set('etapa', next);
    setParams(p, { replace: true });
    window.scrollTo({ top: 0 });
  };
  const advance = (message?: string) => {
    if (message) notifySuccess(message);
    const next = steps[index + 1];
    if (next) go(next);
  };
  const back = index > 0 && (
    <Button variant="default" onClick={() => go(steps[index - 1]!)}>
      {s.back}
    </Button>
  );

  const confirmDelete = (c: Clinic) =>
    modals.openConfirmModal({
      title: text.delete,
      children: <Text>{t.deleteConfirm}</Text>,
      labels: { confirm: text.delete, cancel: text.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(c.uuid, {
          onSuccess: () => {
            notifySuccess(t.deleted);
            navigate('/parceiro/gestao/clinicas');
          },
          onError: (err) => notifyError(text.clinicDeleteFailed, errorText(err)),
        }),
    });

  const content = (c: Clinic | undefined) => {
    if (step === 'dados' || !c)
      return (
        <ClinicDataForm
          key={c?.uuid ?? 'new'}
          clinic={c}
          submitLabel={s.next}
          onSaved={(saved) => {
            notifySuccess(s.saved.data);
            if (c) return advance();
            navigate(`/parceiro/gestao/clinicas/${saved.uuid}?etapa=endereco&nova=1`, { replace: true });
          }}
        />
      );
    switch (step) {
      case 'endereco':
        // The map's pin under the address: the address saved is what places the clinic first.
        return (
          <>
            <AddressContactForm
              key={`${c.address?.uuid ?? 'new'}-${c.phones[0]?.uuid ?? 'new'}`}
              clinic={c}
              submitLabel={s.next}
              actions={back}
              onSaved={() => advance(s.saved.address)}
            />
            <ClinicLocation clinic={c} />
          </>
        );
      case 'horarios':
        return (
          <HoursEditor
            value={hours.data ?? []}
            saving={saveHours.isPending}
            disabled={hours.isPending}
            saveLabel={s.next}
            actions={back}
            onSave={(h) =>
              saveHours.mutateAsync({ uuid: c.uuid, hours: h }).then(
                () => advance(s.saved.hours),
                (err) => notifyError(text.errorTitle, errorText(err)),
              )
            }
          />
        );
      case 'regras':
        return rules.data ? (
          <BookingRulesForm
            key={JSON.stringify(rules.data)}
            value={rules.data}
            saving={saveRules.isPending}
            saveLabel={s.next}
            actions={back}
            onSave={(r) =>
              saveRules.mutateAsync({ uuid: c.uuid, rules: r! }).then(() => advance(s.saved.rules))
            }
          />
        ) : (
          <QueryState isPending={rules.isPending} error={rules.error} retry={() => rules.refetch()}>
            {null}
          </QueryState>
        );
      case 'salas':
        return (
          <ClinicRoomsStep
            clinic={c}
            actions={
              <>
                {back}
                <Button onClick={() => advance()}>{s.skip}</Button>
              </>
            }
          />
        );
      case 'fotos':
        return (
          <Stack>
            <Text size="sm" c="dimmed">
              {t.photosIntro}
            </Text>
            <PhotoManager type="clinic" ownerUuid={c.uuid} photos={c.photos} />
            <Group justify="flex-end">
              {back}
              <Button onClick={() => setFinished(true)}>{s.finish}</Button>
            </Group>
          </Stack>
        );
    }
  };

  const c = clinic.data;
  const body = (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {c?.name ?? t.newTitle}
        </Title>
        {c && (
          <Button variant="light" color="red" onClick={() => confirmDelete(c)} loading={remove.isPending}>
            {text.delete}
          </Button>
        )}
      </Group>
      <Stepper
        active={index}
        onStepClick={(i) => go(steps[i]!)}
        allowNextStepsSelect={Boolean(c)}
        size="sm"
        // Six steps in one row on a 360 px phone: smaller dots, shorter lines.
        iconSize={narrow ? 28 : undefined}
        styles={narrow ? { separator: { marginInline: 4, minWidth: 6 } } : undefined}
        aria-label={s.of(index + 1, steps.length)}
      >
        {steps.map((key) => (
          <Stepper.Step key={key} label={narrow ? undefined : labels[key]} aria-label={labels[key]} />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack>
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {s.of(index + 1, steps.length)}
            </Text>
            <Title order={2} fz="h4">
              {titles[step]}
            </Title>
          </div>
          {content(c)}
          {isNew && (
            <Text c="dimmed" size="sm">
              {t.saveFirst}
            </Text>
          )}
        </Stack>
      </Paper>
      <SuccessDialog
        opened={finished}
        message={setupFlow ? t.finishedNew : text.saved}
        onClose={() => {
          setFinished(false);
          navigate('/parceiro/gestao/clinicas');
        }}
      />
    </Stack>
  );

  if (isNew) return body;
  return (
    <QueryState isPending={clinic.isPending} error={clinic.error} retry={() => clinic.refetch()}>
      {c && body}
    </QueryState>
  );
}
