/**
 * Text inputs that format Brazilian values as they are typed (common/br/masks). They work with
 * `form.getInputProps(...)`: the value may arrive as stored digits and is shown formatted; the form
 * receives the formatted text, which the shared zod schemas reduce to digits again.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { maskCep, maskCnpj, maskCpf, maskCpfOrCnpj, maskDate, maskPhone } from '#common/br/masks';
import { parseBrazilianDate } from '#web/lib/dates.ts';

type FieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

export function MaskedInput({
  mask,
  value,
  onChange,
  ...props
}: FieldProps & { mask: (value: string) => string }) {
  return (
    <TextInput
      inputMode="numeric"
      {...props}
      value={mask(value ?? '')}
      onChange={(e) => onChange?.(mask(e.currentTarget.value))}
    />
  );
}

/** (11) 98765-4321 */
export const PhoneInput = (props: FieldProps) => (
  <MaskedInput mask={maskPhone} type="tel" autoComplete="tel" placeholder="(11) 98765-4321" {...props} />
);

/** 01310-100 */
export const CepInput = (props: FieldProps) => (
  <MaskedInput mask={maskCep} autoComplete="postal-code" placeholder="00000-000" {...props} />
);

const documentMasks = { cpf: maskCpf, cnpj: maskCnpj, any: maskCpfOrCnpj } as const;
const documentHints = { cpf: '000.000.000-00', cnpj: '00.000.000/0000-00', any: undefined } as const;

/** CPF, CNPJ, or either (chosen by the number of digits). */
export const DocumentInput = ({ kind, ...props }: FieldProps & { kind: keyof typeof documentMasks }) => (
  <MaskedInput mask={documentMasks[kind]} placeholder={documentHints[kind]} {...props} />
);

/**
 * A date typed as dd/mm/aaaa, slashes optional ("15031990" reads 15/03/1990). The form holds
 * yyyy-MM-dd once the date is whole and real, '' before that.
 */
export function DateField({ value, onChange, ...props }: FieldProps) {
  const iso = value ?? '';
  const display = (d: string) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');
  const [typed, setTyped] = useState(() => display(iso));
  // A value set from outside (the saved profile arriving) replaces what is shown.
  useEffect(() => {
    setTyped((current) => ((parseBrazilianDate(current) ?? '') === iso ? current : display(iso)));
  }, [iso]);
  return (
    <TextInput
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      autoComplete="bday"
      {...props}
      value={typed}
      onChange={(e) => {
        const next = maskDate(e.currentTarget.value);
        setTyped(next);
        onChange?.(parseBrazilianDate(next) ?? '');
      }}
    />
  );
}
