import { Grid, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { banks } from '#common/br/banks';
import { accountTypeLabels, accountTypes, bankAccountBody } from '#common/contracts/partner';
import { DocumentInput } from '#web/components/masked-inputs.tsx';
import { zodValidate } from '#web/lib/forms.ts';
import { useBankAccount, useSaveBankAccount } from '../api.ts';
import { FormPage, useSave } from '../form-page.tsx';
import { text } from '../messages.ts';

const t = text.bank;
type Values = z.input<typeof bankAccountBody>;
const bankOptions = banks.map((b) => ({ value: b.code, label: `${b.code} — ${b.name}` }));

export function PartnerBankPage() {
  const account = useBankAccount();
  const save = useSaveBankAccount();
  const form = useForm<Values>({
    initialValues: {
      bank_code: '',
      agency: '',
      account: '',
      account_digit: '',
      account_type: 'checking',
      holder_name: '',
      holder_document: '',
    },
    validate: zodValidate(bankAccountBody),
  });
  useEffect(() => {
    const a = account.data;
    if (a) form.setValues({ ...a, account_type: a.account_type as Values['account_type'] });
  }, [account.data]);
  const state = useSave(form, save.mutateAsync, (v) => bankAccountBody.parse(v));
  return (
    <FormPage title={t.title} subtitle={t.subtitle} query={account} state={state}>
      <Select
        label={t.bank}
        data={bankOptions}
        searchable
        required
        nothingFoundMessage="Banco não encontrado"
        {...form.getInputProps('bank_code')}
      />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t.agency}
            inputMode="numeric"
            maxLength={4}
            required
            {...form.getInputProps('agency')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 5 }}>
          <TextInput label={t.account} inputMode="numeric" required {...form.getInputProps('account')} />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 3 }}>
          <TextInput label={t.digit} maxLength={1} required {...form.getInputProps('account_digit')} />
        </Grid.Col>
      </Grid>
      <Select
        label={t.type}
        data={accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }))}
        required
        {...form.getInputProps('account_type')}
      />
      <TextInput label={t.holder} required {...form.getInputProps('holder_name')} />
      <DocumentInput
        kind="any"
        label={t.holderDocument}
        required
        {...form.getInputProps('holder_document')}
      />
    </FormPage>
  );
}
