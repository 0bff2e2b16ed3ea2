import { Divider, Grid, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { formatCnpj, formatCpf } from '#common/br/documents';
import { partnerDataBody } from '#common/contracts/partner';
import { AddressFields, emptyAddress } from '#web/components/address-fields.tsx';
import { DocumentInput, PhoneInput } from '#web/components/masked-inputs.tsx';
import { zodValidate } from '#web/lib/forms.ts';
import { usePartnerData, useSavePartnerData } from '../api.ts';
import { FormPage, useSave } from '../form-page.tsx';
import { text } from '../messages.ts';

const t = text.data;
type Values = z.input<typeof partnerDataBody>;

export function PartnerDataPage() {
  const data = usePartnerData();
  const save = useSavePartnerData();
  const form = useForm<Values>({
    initialValues: {
      legal_name: '',
      document_type: 'cnpj',
      document: '',
      contact_email: '',
      phone: '',
      address: emptyAddress as Values['address'],
    },
    validate: zodValidate(partnerDataBody),
  });
  useEffect(() => {
    const d = data.data;
    if (!d) return;
    const type = d.document_type === 'cpf' ? 'cpf' : 'cnpj';
    form.setValues({
      legal_name: d.legal_name ?? '',
      document_type: type,
      document: d.document ? (type === 'cpf' ? formatCpf(d.document) : formatCnpj(d.document)) : '',
      contact_email: d.contact_email ?? '',
      phone: d.phone ?? '',
      address: d.address
        ? { ...d.address, complement: d.address.complement ?? '', state: d.address.state as never }
        : (emptyAddress as never),
    });
  }, [data.data]);
  const state = useSave(form, save.mutateAsync, (v) => partnerDataBody.parse(v));
  const isCpf = form.values.document_type === 'cpf';
  return (
    <FormPage title={t.title} subtitle={t.subtitle} query={data} state={state}>
      <TextInput label={t.legalName} required {...form.getInputProps('legal_name')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="document-type-label">
              {t.documentType}
            </Text>
            <SegmentedControl
              aria-labelledby="document-type-label"
              data={[
                { value: 'cnpj', label: 'CNPJ' },
                { value: 'cpf', label: 'CPF' },
              ]}
              {...form.getInputProps('document_type')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <DocumentInput
            kind={isCpf ? 'cpf' : 'cnpj'}
            label={t.document}
            required
            {...form.getInputProps('document')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput label={t.contactEmail} type="email" required {...form.getInputProps('contact_email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <PhoneInput label={t.phone} required {...form.getInputProps('phone')} />
        </Grid.Col>
      </Grid>
      <Divider label={t.address} labelPosition="left" />
      <AddressFields form={form} prefix="address." />
    </FormPage>
  );
}
