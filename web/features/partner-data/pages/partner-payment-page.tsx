import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { pixKeyBody, pixKeyTypeLabels, pixKeyTypes } from '#common/contracts/partner';
import { zodValidate } from '#web/lib/forms.ts';
import { usePixKey, useSavePixKey } from '../api.ts';
import { FormPage, useSave } from '../form-page.tsx';
import { text } from '../messages.ts';

const t = text.pix;
type Values = z.input<typeof pixKeyBody>;

export function PartnerPaymentPage() {
  const pix = usePixKey();
  const save = useSavePixKey();
  const form = useForm<Values>({
    initialValues: { key_type: 'cnpj', key: '' },
    validate: zodValidate(pixKeyBody),
  });
  useEffect(() => {
    if (pix.data) form.setValues({ key_type: pix.data.key_type as Values['key_type'], key: pix.data.key });
  }, [pix.data]);
  const state = useSave(form, save.mutateAsync, (v) => v);
  return (
    <FormPage title={t.title} subtitle={t.subtitle} query={pix} state={state}>
      <Select
        label={t.type}
        data={pixKeyTypes.map((value) => ({ value, label: pixKeyTypeLabels[value] }))}
        allowDeselect={false}
        required
        {...form.getInputProps('key_type')}
      />
      <TextInput
        label={t.key}
        placeholder={t.hints[form.values.key_type]}
        required
        {...form.getInputProps('key')}
      />
    </FormPage>
  );
}
