import { Button, Grid, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { addressInput } from '#common/contracts/auth';
import { type Clinic, clinicBody, contactBody } from '#common/contracts/supply';
import { contactTypeLabels, contactTypes } from '#common/domain/supply';
import { AddressFields, emptyAddress } from '#web/components/address-fields.tsx';
import { useBreadcrumbName } from '#web/components/breadcrumb.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Section } from '#web/components/section.tsx';
import { SuccessDialog } from '#web/components/success-dialog.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useClinic,
  useClinicHours,
  useDeleteClinic,
  useRooms,
  useSaveAddress,
  useSaveClinic,
  useSaveClinicHours,
  useSaveContact,
} from '../api.ts';
import { HoursEditor } from '../components/hours-editor.tsx';
import { PhotoManager } from '../components/photo-manager.tsx';
import { text } from '../messages.ts';

const t = text.clinic;
const zones = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Porto_Velho',
  'America/Rio_Branco',
  'America/Noronha',
];

// biome-ignore lint/suspicious/noExplicitAny: any form
const failed = (form: any, err: unknown) => {
  showServerErrors(form, err);
  notifyError(text.errorTitle, errorText(err));
};

function ClinicDataForm({ clinic, onSaved }: { clinic?: Clinic; onSaved(c: Clinic): void }) {
  const save = useSaveClinic();
  const form = useForm<z.input<typeof clinicBody>>({
    initialValues: {
      name: clinic?.name ?? '',
      description: clinic?.description ?? '',
      email: clinic?.email ?? '',
      timezone: clinic?.timezone ?? 'America/Sao_Paulo',
    },
    validate: zodValidate(clinicBody),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        // mutateAsync: the form may remount when the saved data arrives; the promise still settles.
        save.mutateAsync({ uuid: clinic?.uuid, body: values }).then(onSaved, (err) => failed(form, err)),
      )}
    >
      <Stack>
        <TextInput label={t.name} required {...form.getInputProps('name')} />
        <Textarea label={t.description} autosize minRows={3} {...form.getInputProps('description')} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label={t.email} type="email" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select label={t.timezone} data={zones} searchable {...form.getInputProps('timezone')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddressForm({ clinic, onSaved }: { clinic: Clinic; onSaved(): void }) {
  const save = useSaveAddress();
  const a = clinic.address;
  const form = useForm<z.input<typeof addressInput>>({
    initialValues: a
      ? { ...a, complement: a.complement ?? '', state: a.state as never }
      : (emptyAddress as never),
    validate: zodValidate(addressInput),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save
          .mutateAsync({ body: { ...addressInput.parse(values), clinic_uuid: clinic.uuid } })
          .then(onSaved, (err) => failed(form, err)),
      )}
    >
      <Stack>
        <AddressFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PhoneForm({ clinic, onSaved }: { clinic: Clinic; onSaved(): void }) {
  const save = useSaveContact();
  const phone = clinic.phones[0];
  const form = useForm<z.input<typeof contactBody>>({
    initialValues: {
      area_code: phone?.area_code ?? '',
      number: phone?.number ?? '',
      type: (phone?.type as never) ?? 'commercial',
    },
    validate: zodValidate(contactBody),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save
          .mutateAsync({
            uuid: phone?.uuid,
            body: { ...values, clinic_uuid: phone ? undefined : clinic.uuid },
          })
          .then(onSaved, (err) => failed(form, err)),
      )}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t.areaCode}
          w={80}
          inputMode="numeric"
          required
          {...form.getInputProps('area_code')}
        />
        <TextInput label={t.number} w={180} inputMode="tel" required {...form.getInputProps('number')} />
        <Select
          label={t.phoneType}
          w={160}
          data={contactTypes.map((value) => ({ value, label: contactTypeLabels[value] }))}
          {...form.getInputProps('type')}
        />
        <Button type="submit" loading={save.isPending}>
          {text.save}
        </Button>
      </Group>
    </form>
  );
}

export function ClinicEditorPage() {
  const { uuid } = useParams();
  const isNew = !uuid || uuid === 'nova';
  const navigate = useNavigate();
  const clinic = useClinic(isNew ? undefined : uuid);
  const hours = useClinicHours(isNew ? undefined : uuid);
  const rooms = useRooms();
  const saveHours = useSaveClinicHours();
  const remove = useDeleteClinic();
  const [saved, setSaved] = useState(false);
  useBreadcrumbName(uuid, clinic.data?.name);
  usePageTitle(clinic.data?.name ?? t.newTitle);

  const done = () => setSaved(true);
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

  if (isNew) {
    return (
      <Stack>
        <Title order={1} fz="h2">
          {t.newTitle}
        </Title>
        <Section title={t.data}>
          <ClinicDataForm
            onSaved={(c) => navigate(`/parceiro/gestao/clinicas/${c.uuid}`, { replace: true })}
          />
        </Section>
        <Text c="dimmed" size="sm">
          {t.saveFirst}
        </Text>
      </Stack>
    );
  }

  const c = clinic.data;
  const clinicRooms = rooms.data?.filter((r) => r.clinic.uuid === uuid) ?? [];
  return (
    <QueryState isPending={clinic.isPending} error={clinic.error} retry={() => clinic.refetch()}>
      {c && (
        <Stack>
          <Group justify="space-between">
            <Title order={1} fz="h2">
              {c.name}
            </Title>
            <Button variant="light" color="red" onClick={() => confirmDelete(c)} loading={remove.isPending}>
              {text.delete}
            </Button>
          </Group>
          <Section title={t.data}>
            <ClinicDataForm key={c.uuid} clinic={c} onSaved={done} />
          </Section>
          <Section title={t.address}>
            <AddressForm key={c.address?.uuid ?? 'new'} clinic={c} onSaved={done} />
          </Section>
          <Section title={t.phone}>
            <PhoneForm key={c.phones[0]?.uuid ?? 'new'} clinic={c} onSaved={done} />
          </Section>
          <Section title={t.hours}>
            <HoursEditor
              value={hours.data ?? []}
              saving={saveHours.isPending}
              disabled={hours.isPending}
              onSave={(h) =>
                saveHours
                  .mutateAsync({ uuid: c.uuid, hours: h })
                  .then(done, (err) => notifyError(text.errorTitle, errorText(err)))
              }
            />
          </Section>
          <Section title={t.photos}>
            <PhotoManager type="clinic" ownerUuid={c.uuid} photos={c.photos} />
          </Section>
          <Section title={t.rooms}>
            <Stack gap="xs">
              {clinicRooms.map((room) => (
                <Group key={room.uuid} justify="space-between">
                  <Text component={Link} to={`/parceiro/gestao/salas/${room.uuid}`} c="salas.8" fw={600}>
                    {room.name}
                  </Text>
                  <Text size="sm">{formatBrl(room.hour_price_cents)}/hora</Text>
                </Group>
              ))}
              <Group>
                <Button
                  component={Link}
                  to={`/parceiro/gestao/salas/nova?clinica=${c.uuid}`}
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                >
                  {t.newRoom}
                </Button>
              </Group>
            </Stack>
          </Section>
          <SuccessDialog opened={saved} onClose={() => setSaved(false)} />
        </Stack>
      )}
    </QueryState>
  );
}
