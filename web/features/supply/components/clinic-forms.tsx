/** The clinic set-up's forms: its data, and its address with the reception phone. */
import { Button, Grid, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { onlyDigits } from '#common/br/documents';
import { maskPhone } from '#common/br/masks';
import { addressInput } from '#common/contracts/auth';
import { type Clinic, clinicBody } from '#common/contracts/supply';
import { contactTypeLabels, contactTypes } from '#common/domain/supply';
import { zoneOptions } from '#common/time/zone-names';
import { AddressFields, emptyAddress } from '#web/components/address-fields.tsx';
import { PhoneInput } from '#web/components/masked-inputs.tsx';
import { ApiError, errorText } from '#web/lib/api.ts';
import { showServerErrors, zodValidate } from '#web/lib/forms.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useSaveAddress, useSaveClinic, useSaveContact } from '../api.ts';
import { text } from '../messages.ts';

const t = text.clinic;

// biome-ignore lint/suspicious/noExplicitAny: any form
const failed = (form: any, err: unknown) => {
  showServerErrors(form, err);
  notifyError(text.errorTitle, errorText(err));
};

interface StepProps {
  clinic: Clinic;
  onSaved(): void;
  submitLabel: string;
  actions?: ReactNode;
}

export function ClinicDataForm({
  clinic,
  onSaved,
  submitLabel,
  actions,
}: Omit<StepProps, 'clinic' | 'onSaved'> & { clinic?: Clinic; onSaved(c: Clinic): void }) {
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
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t.email} type="email" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t.timezone}
              data={zoneOptions(form.values.timezone)}
              allowDeselect={false}
              searchable
              {...form.getInputProps('timezone')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          {actions}
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AddressValues = {
  address: z.input<typeof addressInput>;
  phone: string;
  phone_type: (typeof contactTypes)[number];
};

/** Address and reception phone in one step: one save, two calls (address, then phone if given). */
export function AddressContactForm({ clinic, onSaved, submitLabel, actions }: StepProps) {
  const saveAddress = useSaveAddress();
  const saveContact = useSaveContact();
  const a = clinic.address;
  const phone = clinic.phones[0];
  const form = useForm<AddressValues>({
    initialValues: {
      address: a
        ? { ...a, complement: a.complement ?? '', state: a.state as never }
        : (emptyAddress as never),
      phone: phone ? maskPhone(`${phone.area_code}${phone.number}`) : '',
      phone_type: (phone?.type as AddressValues['phone_type']) ?? 'commercial',
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [key, message] of Object.entries(zodValidate(addressInput)(values.address)))
        errors[`address.${key}`] = message;
      const digits = onlyDigits(values.phone);
      if (digits && !/^[1-9]\d{9,10}$/.test(digits)) errors.phone = t.phoneInvalid;
      return errors;
    },
  });
  const submit = async (values: AddressValues) => {
    try {
      await saveAddress.mutateAsync({
        body: { ...addressInput.parse(values.address), clinic_uuid: clinic.uuid },
      });
    } catch (err) {
      if (err instanceof ApiError)
        for (const [field, messages] of Object.entries(err.errors))
          if (messages[0]) form.setFieldError(`address.${field}`, messages[0]);
      notifyError(text.errorTitle, errorText(err));
      return;
    }
    const digits = onlyDigits(values.phone);
    if (digits) {
      try {
        await saveContact.mutateAsync({
          uuid: phone?.uuid,
          body: {
            area_code: digits.slice(0, 2),
            number: digits.slice(2),
            type: values.phone_type,
            clinic_uuid: phone ? undefined : clinic.uuid,
          },
        });
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.errors).length)
          form.setFieldError('phone', Object.values(err.errors)[0]?.[0] ?? t.phoneInvalid);
        notifyError(text.errorTitle, errorText(err));
        return;
      }
    }
    onSaved();
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <AddressFields form={form} prefix="address." />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <PhoneInput label={t.phoneOptional} autoComplete="off" {...form.getInputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label={t.phoneType}
              data={contactTypes.map((value) => ({ value, label: contactTypeLabels[value] }))}
              allowDeselect={false}
              {...form.getInputProps('phone_type')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          {actions}
          <Button type="submit" loading={saveAddress.isPending || saveContact.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
