/**
 * The composition root's types: what every feature is given (`Services`), and what the app adds to
 * Fastify. Built in app.ts; features import these types from here and never app.ts, so the imports
 * run one way: app.ts → features → services.ts (issue 27; server/architecture.test.ts checks it).
 */
import type { Geocoder } from './adapters/geocoder.ts';
import type { MailMessage } from './adapters/mail.ts';
import type { PaymentProvider } from './adapters/payments.ts';
import type { Storage } from './adapters/storage.ts';
import type { WhatsAppSender } from './adapters/whatsapp.ts';
import type { Config } from './config.ts';
import type { Database, Executor } from './db/client.ts';
import type { MailKind } from './db/schema.ts';

/** Everything the features need, built once per app. */
export interface Services {
  config: Config;
  db: Database['db'];
  /** The mail outbox (features/mail/outbox.service.ts): no request waits for SMTP. */
  mailer: Outbox;
  storage: Storage;
  payments: PaymentProvider;
  /** Meta's WhatsApp Cloud API (adapters/whatsapp.ts); undefined while WhatsApp is off (DESIGN §10). */
  whatsapp?: WhatsAppSender;
  /** Addresses to points (adapters/geocoder.ts); undefined while GEOCODER_URL is off. */
  geocoder?: Geocoder;
  clock: () => Date;
}

/** The mail outbox (features/mail/outbox.service.ts): features write mail; a job sends it. */
export interface Outbox {
  /**
   * Writes the mail as an outbox row with `db` (the transaction that causes it; default the pool).
   * `forgetAs`: once the mail has left (or been given up), the row keeps this address instead of
   * the real one, and no content — the last mail to an account being erased. `eventId`: the
   * notification event the mail tells of (features/notifications).
   */
  send(message: MailMessage & { forgetAs?: string; eventId?: number }, db?: Executor): Promise<void>;
  /**
   * Writes a WhatsApp message as an outbox row (channel `whatsapp`) with `db` (default the pool);
   * the same job sends it through `Services.whatsapp` (features/mail/whatsapp.outbox.ts).
   */
  sendWhatsApp(message: OutboxWhatsApp, db?: Executor): Promise<void>;
  /** Writes a request for an account mail the job decides on (see the module comment). */
  request(kind: Exclude<MailKind, 'message'>, email: string, db?: Executor): Promise<void>;
  /** Asks for a sending round soon (after the writing transaction committed). */
  kick(): void;
  /** Sends every due row now; answers how many rows reached an end (sent, skipped, given up). */
  deliver(): Promise<number>;
  /** Stops kicks and waits for a round under way. */
  stop(): Promise<void>;
}

/** A WhatsApp message as the outbox keeps it: a registered template, or a free-form text. */
export interface OutboxWhatsApp {
  /** The number, in international digits (`55…`). */
  to: string;
  /** The words as the person reads them (what the operator's lists show). */
  summary: string;
  template?: { name: string; params: string[]; quickReplies?: string[] };
  /** Free-form text: only within 24 hours of the person's last message (Meta's rule). */
  text?: string;
  /** The mail written in its place if WhatsApp fails for good (a message told only there). */
  fallback?: MailMessage;
  eventId?: number;
}

/** An API route as declared: the authorization and hostile-input tests walk these. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the features were built with (background jobs use the same). */
    services: Services;
    /** Method and path of every API route (HEAD left out). */
    routeTable: RouteEntry[];
  }
}
