/**
 * The one Brazilian address form (clinic set-up, partner data, specialist profile; decision 0038):
 * the CEP fills street, neighbourhood, city and UF from ViaCEP (cep-lookup.ts), never over what the
 * person typed meanwhile; when ViaCEP does not answer or knows no such CEP, a note says so and the
 * fields stay open to type (the note goes once they are filled). The UF is a select of the 27 states that always shows its value.
 */
import { Grid, Loader, Select, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { onlyDigits } from '#common/br/documents';
import { ufs } from '#common/domain/auth';
import { fold, stateNames } from '#common/domain/rooms';
import { type CepAddress, type CepStatus, cepNote, lookUpCep } from './cep-lookup.ts';
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

const notes = {
  looking: 'Buscando o endereço do CEP…',
  found: 'Endereço preenchido pelo CEP. Confira e informe o número.',
  town: 'Este CEP é de uma cidade inteira: informe a rua e o bairro.',
  unknown: 'CEP não encontrado. Confira o número ou preencha o endereço.',
  failed: 'Não foi possível buscar o CEP agora. Preencha o endereço manualmente.',
};

const ufOptions = ufs.map((uf) => ({ value: uf, label: uf }));

/**
 * The UF: the input shows the two letters, the list "SP — São Paulo"; typing filters by either.
 * Choosing the chosen one again keeps it (a second click on "SP" cleared it before).
 */
export function UfSelect(props: Omit<React.ComponentProps<typeof Select>, 'data'>) {
  return (
    <Select
      data={ufOptions}
      searchable
      allowDeselect={false}
      autoComplete="address-level1"
      renderOption={({ option }) =>
        `${option.value} — ${stateNames[option.value as keyof typeof stateNames]}`
      }
      filter={({ options, search }) => {
        const q = fold(search.trim());
        if (!q) return options;
        return options.filter((o) => {
          const uf = 'value' in o ? String(o.value) : '';
          return fold(uf).startsWith(q) || fold(stateNames[uf as keyof typeof stateNames] ?? '').includes(q);
        });
      }}
      comboboxProps={{ width: 240, position: 'bottom-end' }}
      maxDropdownHeight={260}
      {...props}
    />
  );
}

const filled = ['street', 'neighborhood', 'city', 'state'] as const satisfies (keyof CepAddress)[];

/** Brazilian address fields of a @mantine/form at `prefix` ('' or 'address.'). */
// biome-ignore lint/suspicious/noExplicitAny: any form holding an address works
export function AddressFields({ form, prefix = '' }: { form: UseFormReturnType<any>; prefix?: string }) {
  const p = (field: string) => form.getInputProps(`${prefix}${field}`);
  const fieldValue = (field: string): string => String(p(field).value ?? '');
  const [status, setStatus] = useState<CepStatus>('idle');
  const asked = useRef<string>('');
  const pending = useRef<AbortController | null>(null);
  const cepInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const lookUp = (cep: string) => {
    const digits = onlyDigits(cep);
    if (digits.length !== 8) {
      pending.current?.abort();
      asked.current = '';
      setStatus('idle');
      return;
    }
    if (digits === asked.current) return;
    asked.current = digits;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    // What the fields held when the CEP was typed: a field changed since is the person's, kept.
    const before = Object.fromEntries(filled.map((f) => [f, fieldValue(f)]));
    setStatus('looking');
    lookUpCep(digits, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.kind !== 'found') return setStatus(result.kind);
        const current = form.getValues();
        const now = (f: string) =>
          String(
            `${prefix}${f}`
              .split('.')
              .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], current) ?? '',
          );
        for (const f of filled)
          if (result.address[f] && now(f) === before[f])
            form.setFieldValue(`${prefix}${f}`, result.address[f]);
        setStatus(result.address.street ? 'found' : 'town');
        if (document.activeElement === cepInput.current) numberInput.current?.focus();
      },
      () => undefined,
    );
  };

  const cep = p('zip_code');
  // A note goes once the person typed what it asked for (and after the address is saved).
  const shown = cepNote(status, {
    street: fieldValue('street'),
    number: fieldValue('number'),
    neighborhood: fieldValue('neighborhood'),
    city: fieldValue('city'),
    state: fieldValue('state'),
  });
  const note = shown ? notes[shown] : null;
  return (
    <Grid type="container" breakpoints={{ xs: '320px', sm: '480px', md: '720px', lg: '960px', xl: '1200px' }}>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CepInput
          label={labels.zip}
          required
          {...cep}
          ref={cepInput}
          rightSection={status === 'looking' ? <Loader size="xs" aria-hidden="true" /> : undefined}
          onChange={(value: string) => {
            cep.onChange(value);
            lookUp(value);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label={labels.street} autoComplete="address-line1" required {...p('street')} />
      </Grid.Col>
      {note && (
        <Grid.Col span={12} py={0}>
          <Text size="sm" c={shown === 'unknown' || shown === 'failed' ? 'red.9' : 'dimmed'} role="status">
            {note}
          </Text>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput label={labels.number} required ref={numberInput} {...p('number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 9 }}>
        <TextInput label={labels.complement} autoComplete="address-line2" {...p('complement')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label={labels.neighborhood} required {...p('neighborhood')} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 4 }}>
        <TextInput label={labels.city} autoComplete="address-level2" required {...p('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 3 }}>
        <UfSelect label={labels.state} required {...p('state')} />
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
