import { Grid, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { z } from 'zod';
import { cardBody } from '#web/lib/clocked-contracts.ts';
import { zodValidate } from '#web/lib/forms.ts';
import { text } from '../messages.ts';

export type CardValues = z.input<typeof cardBody>;

/** A card form validated with the server's own schema. */
export function useCardForm() {
  return useForm<CardValues>({
    initialValues: {
      number: '',
      holder_name: '',
      exp_month: '',
      exp_year: '',
      cvv: '',
    } as unknown as CardValues,
    validate: zodValidate(cardBody),
  });
}

/** Number, holder, expiry and CVV: the fields of a new card (booking modal and profile). */
export function CardFields({ form }: { form: UseFormReturnType<CardValues> }) {
  return (
    <Grid>
      <Grid.Col span={12}>
        <TextInput
          label={text.number}
          inputMode="numeric"
          autoComplete="cc-number"
          {...form.getInputProps('number')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label={text.holder} autoComplete="cc-name" {...form.getInputProps('holder_name')} />
      </Grid.Col>
      <Grid.Col span={4}>
        <TextInput
          label={text.month}
          inputMode="numeric"
          placeholder="MM"
          autoComplete="cc-exp-month"
          {...form.getInputProps('exp_month')}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <TextInput
          label={text.year}
          inputMode="numeric"
          placeholder="AAAA"
          autoComplete="cc-exp-year"
          {...form.getInputProps('exp_year')}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <TextInput
          label={text.cvv}
          inputMode="numeric"
          autoComplete="cc-csc"
          {...form.getInputProps('cvv')}
        />
      </Grid.Col>
    </Grid>
  );
}
