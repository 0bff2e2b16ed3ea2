import { Alert, Grid, Input, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Ref, useEffect, useId, useImperativeHandle, useState } from 'react';
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '#common/br/documents';
import { zodValidate } from '#web/lib/forms.ts';
import { text } from '../messages.ts';
import { fieldCauseMessage, type SecureField, tokenErrorMessages } from './field-errors.ts';
import type { CardToken, MercadoPagoInstance } from './sdk.ts';

const t = text.mp;

/** The holder's name and CPF: typed on our page, sent only to Mercado Pago with the card. */
const holderSchema = z.object({
  holder_name: z.string().trim().min(3, t.errors.holderRequired).max(60, t.errors.holderInvalid),
  cpf: z.string().transform(onlyDigits).refine(isValidCpf, t.errors.documentInvalid),
});
type HolderValues = z.input<typeof holderSchema>;

/** A card token could not be made: the reasons, in Portuguese. */
export class CardTokenError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'CardTokenError';
    this.messages = messages;
  }
}

export interface SecureCardHandle {
  /** A fresh one-time token from what is typed now (throws CardTokenError). */
  createToken(): Promise<CardToken>;
}

interface Props {
  mp: MercadoPagoInstance;
  /** `new`: number, expiry, CVV, holder and CPF. `cvv`: only the CVV of the saved card `cardId`. */
  mode: 'new' | 'cvv';
  cardId?: string;
  /** How the saved card is shown ("VISA •••• 4242"), for the CVV field's label. */
  cardLabel?: string;
  onBinChange?(bin: string | null): void;
  ref?: Ref<SecureCardHandle>;
}

const placeholders: Record<SecureField, string> = {
  cardNumber: '0000 0000 0000 0000',
  expirationDate: t.expiryPlaceholder,
  securityCode: t.cvvPlaceholder,
};

/**
 * Mercado Pago's secure fields (iframes served by Mercado Pago) inside our form: the number, expiry
 * and CVV never pass through this page's code nor our server (PCI SAQ A).
 */
export function SecureCardForm({ mp, mode, cardId, cardLabel, onBinChange, ref }: Props) {
  const base = useId().replace(/[^a-zA-Z0-9]/g, '');
  const ids: Record<SecureField, string> = {
    cardNumber: `mp-number-${base}`,
    expirationDate: `mp-expiry-${base}`,
    securityCode: `mp-cvv-${base}`,
  };
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SecureField, string>>>({});
  const [shownErrors, setShownErrors] = useState<Partial<Record<SecureField, boolean>>>({});
  const [tokenErrors, setTokenErrors] = useState<string[]>([]);
  const holder = useForm<HolderValues>({
    initialValues: { holder_name: '', cpf: '' },
    validate: zodValidate(holderSchema),
  });

  useEffect(() => {
    const types: SecureField[] =
      mode === 'new' ? ['cardNumber', 'expirationDate', 'securityCode'] : ['securityCode'];
    const srLabels: Record<SecureField, string> = {
      cardNumber: t.number,
      expirationDate: t.expiry,
      securityCode: cardLabel ? t.cvvOf(cardLabel) : t.cvv,
    };
    const fields = types.map((type) => {
      const field = mp.fields.create(type, { placeholder: placeholders[type], srLabel: srLabels[type] });
      field.mount(ids[type]);
      field.on('validityChange', (e) => {
        const cause = e.errorMessages?.[0]?.cause;
        setFieldErrors((prev) => ({ ...prev, [type]: cause ? fieldCauseMessage(type, cause) : undefined }));
      });
      field.on('blur', () => setShownErrors((prev) => ({ ...prev, [type]: true })));
      if (type === 'cardNumber') field.on('binChange', (e) => onBinChange?.(e.bin));
      return field;
    });
    return () => {
      for (const field of fields) field.unmount();
    };
  }, [mp, mode, cardId]);

  useImperativeHandle(ref, () => ({
    async createToken() {
      setTokenErrors([]);
      setShownErrors({ cardNumber: true, expirationDate: true, securityCode: true });
      let data: Parameters<MercadoPagoInstance['fields']['createCardToken']>[0];
      if (mode === 'cvv') {
        if (!cardId) throw new CardTokenError([t.savedCardUnavailable]);
        data = { cardId };
      } else {
        if (holder.validate().hasErrors) throw new CardTokenError([]);
        const values = holderSchema.parse(holder.values);
        data = {
          cardholderName: values.holder_name,
          identificationType: 'CPF',
          identificationNumber: values.cpf,
        };
      }
      try {
        const token = await mp.fields.createCardToken(data);
        if (!token?.id) throw new Error('no token');
        return token;
      } catch (err) {
        const messages = tokenErrorMessages(err);
        setTokenErrors(messages);
        throw new CardTokenError(messages);
      }
    },
  }));

  const secureInput = (type: SecureField, label: string) => (
    // The wrapper's id becomes the box's id, where Mercado Pago mounts its frame.
    <Input.Wrapper
      id={ids[type]}
      label={label}
      labelElement="div"
      error={shownErrors[type] ? fieldErrors[type] : undefined}
    >
      <Input
        component="div"
        id={ids[type]}
        data-secure-field={type}
        error={Boolean(shownErrors[type] && fieldErrors[type])}
      />
    </Input.Wrapper>
  );

  return (
    <Stack gap="sm">
      <Grid>
        {mode === 'new' && (
          <>
            <Grid.Col span={12}>{secureInput('cardNumber', t.number)}</Grid.Col>
            <Grid.Col span={12}>
              <TextInput label={t.holder} autoComplete="cc-name" {...holder.getInputProps('holder_name')} />
            </Grid.Col>
            <Grid.Col span={6}>{secureInput('expirationDate', t.expiry)}</Grid.Col>
          </>
        )}
        <Grid.Col span={mode === 'new' ? 6 : 12}>
          {secureInput('securityCode', mode === 'cvv' && cardLabel ? t.cvvOf(cardLabel) : t.cvv)}
        </Grid.Col>
        {mode === 'new' && (
          <Grid.Col span={12}>
            <TextInput
              label={t.document}
              inputMode="numeric"
              autoComplete="off"
              {...holder.getInputProps('cpf')}
            />
          </Grid.Col>
        )}
      </Grid>
      <Text size="xs" c="dimmed">
        {t.secured}
      </Text>
      {tokenErrors.length > 0 && (
        <Alert color="red" role="alert">
          {tokenErrors.join(' ')}
        </Alert>
      )}
    </Stack>
  );
}
