/**
 * The gauges read from the database at each scrape (DESIGN §10 "Staying up"): the mail queue,
 * payments waiting on the provider, refunds pending and payments whose money is held. Ages are
 * measured with the product's clock against the rows' instants.
 */
import { Gauge, type Registry } from 'prom-client';
import type { Executor } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import * as repo from './metrics.repository.ts';

const HELD_STATUSES = ['disputed', 'charged_back'] as const;

/** Seconds from an epoch instant to `now`; 0 for none or one still ahead. */
const ageSeconds = (since: number | null, now: Date) =>
  since === null ? 0 : Math.max(0, now.getTime() / 1000 - since);

/** Registers the gauges on `registry`; `refresh` reads the database once and sets them all. */
export function createDatabaseGauges(registry: Registry) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const mailPending = gauge('salas_mail_outbox_pending', 'E-mails na fila esperando envio.');
  const mailOldest = gauge(
    'salas_mail_outbox_oldest_pending_seconds',
    'Idade do e-mail pendente mais antigo, em segundos (0 sem fila).',
  );
  const mailFailed = gauge('salas_mail_outbox_failed', 'E-mails desistidos, esperando um operador.');
  const awaiting = gauge(
    'salas_payments_awaiting_provider',
    'Pagamentos pendentes que o provedor tem ou recebeu um pedido de cobrança, por meio.',
    ['method'],
  );
  const awaitingOldest = gauge(
    'salas_payments_awaiting_provider_oldest_seconds',
    'Há quanto tempo o mais antigo espera o provedor, em segundos: Pix desde o vencimento do código, cartão desde a cobrança.',
    ['method'],
  );
  const refundsPending = gauge('salas_refunds_pending', 'Reembolsos que o provedor ainda não confirmou.');
  const refundsCents = gauge('salas_refunds_pending_cents', 'Soma dos reembolsos pendentes, em centavos.');
  const refundsOldest = gauge(
    'salas_refunds_pending_oldest_seconds',
    'Idade do reembolso pendente mais antigo, em segundos (0 sem pendentes).',
  );
  const held = gauge(
    'salas_payments_held',
    'Pagamentos com o dinheiro retido: em disputa (disputed) ou estornados pelo emissor (charged_back).',
    ['status'],
  );

  return {
    async refresh(db: Executor, now: Date): Promise<void> {
      const [mail, payments, refunds, holds] = await Promise.all([
        repo.mailQueue(db),
        repo.paymentsAwaitingProvider(db),
        repo.refundsPending(db),
        repo.paymentsHeld(db),
      ]);
      mailPending.set(mail.pending);
      mailOldest.set(ageSeconds(mail.oldestPendingAt, now));
      mailFailed.set(mail.failed);
      // Every method and status is written, zero included: a series never lingers at its last value.
      for (const method of paymentMethods) {
        const row = payments.find((p) => p.method === method);
        awaiting.set({ method }, row?.count ?? 0);
        awaitingOldest.set({ method }, ageSeconds(row?.waitingSince ?? null, now));
      }
      refundsPending.set(refunds.count);
      refundsCents.set(refunds.cents);
      refundsOldest.set(ageSeconds(refunds.oldestAt, now));
      for (const status of HELD_STATUSES)
        held.set({ status }, holds.find((h) => h.status === status)?.count ?? 0);
    },
  };
}
