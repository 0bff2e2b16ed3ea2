import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ufs } from '#common/domain/auth';
import { CepInput } from './masked-inputs.tsx';

const labels = {
  zip: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'UF',
};

/** Brazilian address fields of a @mantine/form at `prefix` ('' or 'address.'). */
// biome-ignore lint/suspicious/noExplicitAny: any form holding an address works
export function AddressFields({ form, prefix = '' }: { form: UseFormReturnType<any>; prefix?: string }) {
  const p = (field: string) => form.getInputProps(`${prefix}${field}`);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CepInput label={labels.zip} required {...p('zip_code')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label={labels.street} autoComplete="address-line1" required {...p('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput label={labels.number} required {...p('number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 9 }}>
        <TextInput label={labels.complement} autoComplete="address-line2" {...p('complement')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label={labels.neighborhood} required {...p('neighborhood')} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 5 }}>
        <TextInput label={labels.city} autoComplete="address-level2" required {...p('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 2 }}>
        <Select label={labels.state} data={[...ufs]} searchable required {...p('state')} />
      </Grid.Col>
    </Grid>
  );
}

export const emptyAddress = {
  zip_code: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};
