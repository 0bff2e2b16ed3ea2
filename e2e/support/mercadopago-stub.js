/*
 * A stand-in for Mercado Pago's JS SDK v2 (https://sdk.mercadopago.com/js/v2), served by the e2e
 * spec through page.route so no test talks to Mercado Pago. It implements only what the web calls:
 * the constructor, fields.create(...).mount/on/unmount, fields.createCardToken and getInstallments.
 * A "secure field" here is a plain input inside the div (the real one is an iframe); what the page
 * asked for is recorded in window.__mpStub for the spec to read.
 */
(() => {
  const calls = { constructed: [], tokens: [], installments: [] };
  window.__mpStub = calls;

  class Field {
    constructor(type, options) {
      this.type = type;
      this.options = options || {};
      this.listeners = {};
      this.bin = null;
    }
    mount(containerId) {
      const container = document.getElementById(containerId);
      if (!container) throw new Error(`container ${containerId} not found`);
      const input = document.createElement('input');
      input.setAttribute('aria-label', this.options.srLabel || this.type);
      input.placeholder = this.options.placeholder || '';
      input.style.cssText = 'border:0;outline:0;width:100%;height:100%;background:transparent;font:inherit';
      input.addEventListener('input', () => {
        const digits = input.value.replace(/\D/g, '');
        if (this.type === 'cardNumber') {
          const bin = digits.length >= 8 ? digits.slice(0, 8) : null;
          if (bin !== this.bin) {
            this.bin = bin;
            this.emit('binChange', { field: this.type, bin });
          }
        }
        const valid = this.type === 'securityCode' ? /^\d{3,4}$/.test(digits) : digits.length > 0;
        this.emit('validityChange', {
          field: this.type,
          errorMessages: valid ? [] : [{ cause: 'invalid_length', message: `${this.type} invalid` }],
        });
      });
      input.addEventListener('blur', () => this.emit('blur', { field: this.type }));
      container.replaceChildren(input);
      this.input = input;
      queueMicrotask(() => this.emit('ready', { field: this.type }));
      return this;
    }
    unmount() {
      this.input?.remove();
      Field.mounted.delete(this);
    }
    on(event, callback) {
      this.listeners[event] = callback;
      return this;
    }
    emit(event, payload) {
      this.listeners[event]?.(payload);
    }
    value() {
      return this.input ? this.input.value.replace(/\D/g, '') : '';
    }
  }
  Field.mounted = new Set();

  const typed = (type) => [...Field.mounted].find((f) => f.type === type)?.value() ?? '';

  class MercadoPago {
    constructor(publicKey, options) {
      calls.constructed.push({ publicKey, options });
      let count = 0;
      this.fields = {
        create(type, options) {
          const field = new Field(type, options);
          Field.mounted.add(field);
          return field;
        },
        async createCardToken(data) {
          calls.tokens.push(data);
          const errors = [];
          if (!data.cardId) {
            if (!typed('cardNumber'))
              errors.push({ code: '205', message: 'parameter cardNumber can not be null/empty' });
            if (!typed('expirationDate'))
              errors.push({ code: '208', message: 'parameter expirationMonth can not be null/empty' });
          }
          if (!typed('securityCode'))
            errors.push({ code: '224', message: 'parameter securityCode can not be null/empty' });
          if (errors.length > 0) throw errors;
          count += 1;
          const number = typed('cardNumber');
          return {
            id: `tok_stub_${count}_${Date.now()}`,
            card_id: data.cardId ?? null,
            first_six_digits: number.slice(0, 6) || '424242',
            last_four_digits: number.slice(-4) || '4242',
          };
        },
      };
    }
    async getIdentificationTypes() {
      return [{ id: 'CPF', name: 'CPF', type: 'number', min_length: 11, max_length: 11 }];
    }
    async getInstallments({ amount, bin }) {
      calls.installments.push({ amount, bin });
      const total = Number(amount);
      const brl = (v) => v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
      const payer_costs = Array.from({ length: 12 }, (_, i) => {
        const n = i + 1;
        const withInterest = n > 3 ? total * (1 + 0.02 * n) : total;
        const each = withInterest / n;
        return {
          installments: n,
          installment_amount: Number(each.toFixed(2)),
          total_amount: Number(withInterest.toFixed(2)),
          recommended_message:
            n <= 3
              ? `${n} parcela(s) de ${brl(each)} sem juros`
              : `${n} parcelas de ${brl(each)} (${brl(withInterest)})`,
        };
      });
      return [{ payment_method_id: 'visa', payment_type_id: 'credit_card', payer_costs }];
    }
  }

  window.MercadoPago = MercadoPago;
})();
