/**
 * Mercado Pago's JS SDK v2, loaded only when that provider is active and a card form opens: the
 * loader (`@mercadopago/sdk-js`, which injects https://sdk.mercadopago.com/js/v2) is imported
 * dynamically, so it never enters the public pages' bundles. Only what Salas calls is typed here.
 */
import type { PayerCost } from '../installments.ts';
import type { SecureField } from './field-errors.ts';

export interface FieldEventMap {
  binChange: { field: string; bin: string | null };
  validityChange: { field: string; errorMessages?: { message: string; cause: string }[] };
  error: { field: string; error: string };
  ready: { field: string };
  blur: { field: string };
}

export interface SecureFieldInstance {
  mount(containerId: string): SecureFieldInstance;
  unmount(): void;
  on<E extends keyof FieldEventMap>(event: E, callback: (e: FieldEventMap[E]) => void): SecureFieldInstance;
}

export interface CardToken {
  id: string;
  first_six_digits?: string;
  last_four_digits?: string;
}

export interface NewCardData {
  cardholderName: string;
  identificationType: 'CPF';
  identificationNumber: string;
}

export interface MercadoPagoInstance {
  fields: {
    create(
      type: SecureField,
      options?: { placeholder?: string; srLabel?: string; style?: Record<string, string> },
    ): SecureFieldInstance;
    createCardToken(data: NewCardData | { cardId: string }): Promise<CardToken | undefined>;
  };
  getInstallments(query: {
    amount: string;
    bin: string;
    paymentTypeId?: string;
  }): Promise<{ payment_method_id?: string; payer_costs?: PayerCost[] }[]>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

const instances = new Map<string, Promise<MercadoPagoInstance>>();

/** One instance per public key for the whole visit (the SDK warns on a second script). */
export function loadMercadoPagoInstance(publicKey: string): Promise<MercadoPagoInstance> {
  let instance = instances.get(publicKey);
  if (!instance) {
    instance = import('@mercadopago/sdk-js')
      .then(({ loadMercadoPago }) => loadMercadoPago())
      .then(() => {
        const MercadoPago = window.MercadoPago;
        if (!MercadoPago) throw new Error('MercadoPago.js not available');
        return new MercadoPago(publicKey, { locale: 'pt-BR' });
      });
    // A failed load (offline, blocked) can be tried again by opening the form again.
    instance.catch(() => instances.delete(publicKey));
    instances.set(publicKey, instance);
  }
  return instance;
}
