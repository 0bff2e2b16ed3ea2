import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { onlyDigits } from '#common/br/documents';
import { maskCnpj, maskCpf, maskPhone } from '#common/br/masks';
import { pixKeyBody, pixKeyTypeLabels, pixKeyTypes } from '#common/contracts/partner';
import { MaskedInput } from '#web/components/masked-inputs.tsx';
import { MercadopagoConnect } from '#web/features/payment-account/components/mercadopago-connect.tsx';
import { zodValidate } from '#web/lib/forms.ts';
import { useSession } from '#web/lib/session.tsx';
import { usePixKey, useSavePixKey } from '../api.ts';
import { FormPage, useSave } from '../form-page.tsx';
import { text } from '../messages.ts';

const t = text.pix;
/** A stored phone key is +55 and 11 digits: shown without the country code, as typed. */
const maskPixPhone = (v: string) => maskPhone(onlyDigits(v).replace(/^55(?=\d{11}$)/, ''));
const keyMasks: Partial<Record<(typeof pixKeyTypes)[number], (v: string) => string>> = {
  cpf: maskCpf,
  cnpj: maskCnpj,
  phone: maskPixPhone,
};
type Values = z.input<typeof pixKeyBody>;

export function PartnerPaymentPage() {
  const { user } = useSession();
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
  const type = form.values.key_type;
  const mask = keyMasks[type];
  return (
    <Stack maw={760}>
      <FormPage title={t.title} subtitle={t.subtitle} query={pix} state={state}>
        <Select
          label={t.type}
          data={pixKeyTypes.map((value) => ({ value, label: pixKeyTypeLabels[value] }))}
          allowDeselect={false}
          required
          {...form.getInputProps('key_type')}
        />
        {mask ? (
          <MaskedInput
            key={type}
            mask={mask}
            label={t.key}
            placeholder={t.hints[type]}
            required
            {...form.getInputProps('key')}
          />
        ) : (
          <TextInput
            key={type}
            label={t.key}
            placeholder={t.hints[type]}
            required
            {...form.getInputProps('key')}
          />
        )}
      </FormPage>
      {user && <MercadopagoConnect partnerUuid={user.uuid} />}
    </Stack>
  );
}
