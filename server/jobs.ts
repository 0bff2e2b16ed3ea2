/**
 * Background jobs of one server process. Each claims its rows with SKIP LOCKED, so any number of
 * processes on one database may run them at once without doing the work twice.
 */
import type { FastifyInstance } from 'fastify';
import {
  sendDueReminders,
  sendPixExpiryNotices,
  sendSoonNotices,
} from './features/bookings/reminder.service.ts';
import { expireHolds } from './features/lifecycle/lifecycle.service.ts';
import { reportStuckRefunds, retryRefunds } from './features/lifecycle/refunds.service.ts';
import { chargeDueSeriesMonths, extendOpenSeries } from './features/lifecycle/series.lifecycle.ts';
import { sendDueMails } from './features/mail/outbox.service.ts';
import { refreshExpiringTokens } from './features/payment-accounts/payment-account.service.ts';
import {
  compareRecentCharges,
  readBackOpenCharges,
  settleUnrecordedCharges,
} from './features/payments/reconcile.service.ts';
import { inviteToReview } from './features/reviews/review-invitations.ts';
import type { Services } from './services.ts';

/** A background job, run every `every` ms by each process. */
export interface Job {
  /**
   * Its stable name in the metrics (`salas_job_runs_total{task="…"}`): ascii, never renamed (the
   * alert rules in docs/prometheus/alerts.yml and the operators' dashboards use it).
   */
  id: string;
  /** How the log calls it. */
  name: string;
  every: number;
  run: (services: Services) => Promise<unknown>;
}

const jobs: Job[] = [
  // The mail outbox: retries with backoff, and rows written inside transactions (DESIGN §8).
  { id: 'send_mail', name: 'envio de e-mails', every: 5_000, run: sendDueMails },
  // Expired Pix holds give their slots back.
  { id: 'expire_holds', name: 'expirar reservas Pix', every: 30_000, run: expireHolds },
  // Charges still open at the provider read back (a webhook that never comes loses nothing).
  {
    id: 'read_back_open_charges',
    name: 'conferir cobranças abertas',
    every: 60_000,
    run: readBackOpenCharges,
  },
  // Charges asked whose answer was never written (a process died mid-charge): looked up at the
  // provider by our reference, attached (confirmed or refunded) within minutes (DESIGN §10).
  {
    id: 'settle_unrecorded_charges',
    name: 'cobranças sem resposta registrada',
    every: 60_000,
    run: settleUnrecordedCharges,
  },
  // Once a day: the provider's charges of the last 7 days against ours.
  {
    id: 'compare_recent_charges',
    name: 'comparar cobranças da semana',
    every: 24 * 60 * 60_000,
    run: compareRecentCharges,
  },
  // Refunds the provider has not confirmed yet, with backoff (first retry within 30 s).
  { id: 'retry_refunds', name: 'reembolsos pendentes', every: 15_000, run: retryRefunds },
  // Refunds still not accepted a day later: the operators are mailed, once per refund.
  {
    id: 'report_stuck_refunds',
    name: 'avisar reembolsos parados',
    every: 60 * 60_000,
    run: reportStuckRefunds,
  },
  // Later months of horários fixos: card charged or Pix mailed a few days before the month.
  {
    id: 'charge_series_months',
    name: 'cobranças de horário fixo',
    every: 10 * 60_000,
    run: chargeDueSeriesMonths,
  },
  // Horários fixos "until canceled": the months that came within the room's horizon are booked.
  {
    id: 'extend_open_series',
    name: 'estender horários fixos',
    every: 6 * 60 * 60_000,
    run: extendOpenSeries,
  },
  // Day-before reminders, from 08:00 clinic time.
  { id: 'send_reminders', name: 'lembretes de véspera', every: 5 * 60_000, run: sendDueReminders },
  // WhatsApp's "starts soon", WHATSAPP_REMINDER_HOURS before each booking (DESIGN §10).
  { id: 'send_soon_notices', name: 'avisos de reserva próxima', every: 5 * 60_000, run: sendSoonNotices },
  // WhatsApp's "Pix about to expire", 10 minutes before a Pix hold ends.
  { id: 'send_pix_expiry_notices', name: 'avisos de Pix vencendo', every: 60_000, run: sendPixExpiryNotices },
  // Bookings whose last hour ended: their specialist is invited to review the room, once.
  { id: 'invite_reviews', name: 'convites para avaliar', every: 10 * 60_000, run: inviteToReview },
  // Partners' Mercado Pago tokens ending within 30 days are refreshed (they last 180).
  {
    id: 'refresh_partner_tokens',
    name: 'renovar tokens dos parceiros',
    every: 6 * 60 * 60_000,
    run: refreshExpiringTokens,
  },
];

/**
 * Runs `job` once and never rejects: a failure goes to the log; runs, failures and durations go to
 * the metrics (`app.jobMetrics`, plugins/metrics.ts).
 */
export async function runJob(app: FastifyInstance, job: Pick<Job, 'id' | 'name' | 'run'>): Promise<void> {
  const done = app.jobMetrics.start(job.id);
  try {
    await job.run(app.services);
    done('ok');
  } catch (err) {
    done('failed');
    app.log.error({ err }, `falha no trabalho: ${job.name}`);
  }
}

/** Starts every job on its interval (a run never overlaps the last); answers a function that stops them. */
export function startJobs(app: FastifyInstance): () => void {
  const timers = jobs.map((job) => {
    app.jobMetrics.schedule(job.id, job.every);
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void runJob(app, job).finally(() => {
        running = false;
      });
    }, job.every);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
