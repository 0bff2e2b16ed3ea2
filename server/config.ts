import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './adapters/storage.ts';
import { projectRoot } from './lib/paths.ts';
import { parseEncryptionKey } from './lib/token-cipher.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'use true ou false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** An IPv4/IPv6 address, optionally with a /prefix. */
const isAddressOrCidr = (v: string) => {
  const [ip = '', prefix, extra] = v.split('/');
  const version = isIP(ip);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const n = Number(prefix);
  return /^\d+$/.test(prefix) && n >= 0 && n <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false`, how many proxies stand in front (`1`), or their addresses/CIDRs. Plain
 * `true` would believe any X-Forwarded-For a client writes, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (['false', '0', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true confiaria em qualquer X-Forwarded-For enviado pelo cliente: use o número de proxies à frente (ex.: 1) ou os endereços/CIDR deles (ex.: 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isAddressOrCidr(x));
    if (list.length === 0 || bad.length) {
      ctx.addIssue({ code: 'custom', message: `endereço ou CIDR inválido: ${bad.join(', ') || v}` });
      return z.NEVER;
    }
    return list;
  });

const optionalUrl = z.url({ message: 'deve ser uma URL completa (https://...)' }).optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    MAIL_DIR: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Salas <nao-responda@salas.app>'),
    PUBLIC_URL: z.url({ message: 'deve ser uma URL completa (http://...)' }).optional(),
    DEMO_DATA: bool.optional(),
    ADMIN_EMAIL: z.email({ message: 'deve ser um e-mail válido' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'deve ter pelo menos 8 caracteres').optional(),
    PAYMENT_PROVIDER: z
      .enum(['sandbox', 'mercadopago'], { message: 'use sandbox ou mercadopago' })
      .optional(),
    PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
    MERCADOPAGO_ACCESS_TOKEN: z
      .string()
      .regex(/^(APP_USR|TEST)-[\w-]{10,}$/, 'deve ser o Access Token da aplicação (APP_USR-... ou TEST-...)')
      .optional(),
    MERCADOPAGO_PUBLIC_KEY: z
      .string()
      .regex(/^(APP_USR|TEST)-[\w-]{10,}$/, 'deve ser a Public Key da aplicação (APP_USR-... ou TEST-...)')
      .optional(),
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
    /**
     * Mercado Pago's API root (default https://api.mercadopago.com, DESIGN §9): a homologation
     * proxy, or the local imitation (`npm run mercadopago:fake`).
     */
    MERCADOPAGO_API_URL: z.url({ message: 'deve ser uma URL completa (https://...)' }).optional(),
    /** The application's OAuth credentials (Suas integrações › Credenciais), for split 1:1 (DESIGN §9). */
    MERCADOPAGO_CLIENT_ID: z
      .string()
      .regex(/^\d{6,20}$/, 'deve ser o número da aplicação (Client ID / APP_ID)')
      .optional(),
    MERCADOPAGO_CLIENT_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
    /** The seller's authorization page (default https://auth.mercadopago.com/authorization). */
    MERCADOPAGO_AUTH_URL: z.url({ message: 'deve ser uma URL completa (https://...)' }).optional(),
    /**
     * WhatsApp through Meta's Cloud API (DESIGN §10): off unless the four are set. The token and
     * the phone number's id come from the app's WhatsApp › API Setup; the app secret signs the
     * webhooks (X-Hub-Signature-256); the verify token is the one typed in the webhook's setup.
     */
    WHATSAPP_TOKEN: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, 'deve ser o identificador numérico do número (Phone number ID)')
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'deve ter pelo menos 8 caracteres').optional(),
    /** The Graph API root with its version (default https://graph.facebook.com/v21.0), or `npm run whatsapp:fake`. */
    WHATSAPP_API_URL: z.url({ message: 'deve ser uma URL completa (https://...)' }).optional(),
    /** How many hours before a booking its "starts soon" WhatsApp reminder goes (default 24). */
    WHATSAPP_REMINDER_HOURS: z.coerce.number().int().min(1, 'de 1 a 72').max(72, 'de 1 a 72').default(24),
    /** Encrypts partners' provider tokens at rest (AES-256-GCM): 32 bytes, hex or base64. */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((v) => parseEncryptionKey(v) !== null, {
        message: 'deve ter 32 bytes: 64 dígitos hexadecimais ou base64 (ex.: openssl rand -hex 32)',
      })
      .optional(),
    MAX_INSTALLMENTS: z.coerce.number().int().min(1, 'de 1 a 12').max(12, 'de 1 a 12').default(1),
    /** Days after an appointment's end before its net may be paid out (DESIGN §9). */
    PAYOUT_DELAY_DAYS: z.coerce.number().int().min(0, 'de 0 a 60').max(60, 'de 0 a 60').default(2),
    INTEREST_FREE_INSTALLMENTS: z.coerce.number().int().min(1, 'de 1 a 12').max(12, 'de 1 a 12').default(1),
    SUPPORT_WHATSAPP: z
      .string()
      .regex(/^\d{10,15}$/, 'só dígitos, com DDI e DDD')
      .default('5511999999999'),
    CHAT_URL: optionalUrl,
    ABOUT_URL: optionalUrl,
    ADVERTISE_URL: optionalUrl,
    PARTNERS_URL: optionalUrl,
    CANCELLATION_POLICY_URL: optionalUrl,
    FACEBOOK_URL: optionalUrl,
    LINKEDIN_URL: optionalUrl,
    INSTAGRAM_URL: optionalUrl,
    YOUTUBE_URL: optionalUrl,
    /**
     * Where addresses become points (DESIGN §10 "Where rooms are"): a Nominatim search endpoint
     * (default OpenStreetMap's public one, used within its usage policy), or `off`. Tests default to
     * `off`: they never reach the network.
     */
    GEOCODER_URL: z
      .union([z.literal('off'), z.url({ message: 'deve ser uma URL completa (https://...) ou off' })])
      .optional(),
    /** Who asks, as Nominatim's usage policy requires (default "Salas/<version> (<contact>)"). */
    GEOCODER_USER_AGENT: z.string().trim().min(8, 'deve identificar o aplicativo e um contato').optional(),
    /** The contact the default User-Agent names (default ADMIN_EMAIL, else MAIL_FROM's address). */
    GEOCODER_CONTACT: z.email({ message: 'deve ser um e-mail' }).optional(),
    /** The map's tiles: a URL template with {z}, {x} and {y} (default OpenStreetMap's standard tiles). */
    MAP_TILE_URL: z
      .string()
      .refine(
        (v) => /^https?:\/\/[^/]+\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
        'deve ser um modelo de URL com {z}, {x} e {y} (ex.: https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
      )
      .optional(),
    /** The tiles' credit as the map shows it (HTML: a link is allowed). */
    MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(500).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'nome de bucket S3: 3 a 63 letras minúsculas, dígitos, . ou -',
      )
      .optional(),
    S3_ENDPOINT: z.url({ message: 'deve ser uma URL completa (https://...)' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    /**
     * Turns on `GET /metrics` (Prometheus), served only to `Authorization: Bearer <METRICS_TOKEN>`
     * (DESIGN §10 "Staying up"). Long and random: it is the only thing between the scrape and
     * anyone who finds the address.
     */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'só caracteres visíveis, sem espaços (ex.: openssl rand -hex 32)')
      .min(32, 'deve ter pelo menos 32 caracteres (ex.: openssl rand -hex 32)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'é obrigatório em produção: mercadopago para cobrar de verdade, ou sandbox (explícito) para uma demonstração',
      });
    }
    if (env.PAYMENT_PROVIDER === 'mercadopago') {
      for (const key of [
        'MERCADOPAGO_ACCESS_TOKEN',
        'MERCADOPAGO_PUBLIC_KEY',
        'MERCADOPAGO_WEBHOOK_SECRET',
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'é obrigatório com PAYMENT_PROVIDER=mercadopago',
          });
      }
    }
    if (Boolean(env.MERCADOPAGO_CLIENT_ID) !== Boolean(env.MERCADOPAGO_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.MERCADOPAGO_CLIENT_ID ? 'MERCADOPAGO_CLIENT_SECRET' : 'MERCADOPAGO_CLIENT_ID'],
        message: 'MERCADOPAGO_CLIENT_ID e MERCADOPAGO_CLIENT_SECRET devem ser definidos juntos',
      });
    }
    if (env.NODE_ENV === 'production' && !env.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOKEN_ENCRYPTION_KEY'],
        message:
          'é obrigatório em produção (guarda cifrados os tokens dos parceiros; ex.: openssl rand -hex 32)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY devem ser definidos juntos',
      });
    }
    if (!env.S3_BUCKET) {
      for (const key of [
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ] as const) {
        if (env[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'só vale com S3_BUCKET (as fotos ficariam no disco)',
          });
      }
    }
    const whatsappKeys = [
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ] as const;
    if (whatsappKeys.some((key) => env[key]))
      for (const key of whatsappKeys)
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `WhatsApp precisa de ${whatsappKeys.join(', ')} juntos (ou nenhum, para desligar)`,
          });
    if (env.INTEREST_FREE_INSTALLMENTS > env.MAX_INSTALLMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['INTEREST_FREE_INSTALLMENTS'],
        message: 'não pode passar de MAX_INSTALLMENTS',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.PAYMENT_PROVIDER !== 'mercadopago' &&
      !env.PAYMENT_WEBHOOK_SECRET
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_WEBHOOK_SECRET'],
        message: 'é obrigatório em produção',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  mailDir?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  demoData: boolean;
  admin?: { email: string; password: string };
  paymentProvider: 'sandbox' | 'mercadopago';
  paymentWebhookSecret: string;
  mercadopago?: {
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    apiUrl?: string;
    /** OAuth for split 1:1 (partners connect their own account); absent: every partner on payouts. */
    oauth?: { clientId: string; clientSecret: string; authUrl?: string };
  };
  /** Meta's WhatsApp Cloud API (DESIGN §10); absent: WhatsApp is off and everyone hears by mail. */
  whatsapp?: {
    token: string;
    phoneNumberId: string;
    appSecret: string;
    verifyToken: string;
    apiUrl: string;
  };
  /** Hours before a booking its "starts soon" WhatsApp reminder goes (WHATSAPP_REMINDER_HOURS). */
  whatsappReminderHours: number;
  /** AES-256-GCM key for partners' provider tokens at rest (a fixed one outside production). */
  tokenEncryptionKey: Buffer;
  /** Card installments: the most a person may choose, and how many come without interest. */
  installments: { max: number; interestFree: number };
  /** Days after an appointment's end before its net may be paid out. */
  payoutDelayDays: number;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Photos in an S3-compatible bucket instead of DATA_DIR/uploads (DESIGN §8). */
  s3?: S3Settings;
  /** The bearer token of `GET /metrics`; absent: no metrics are kept and the path answers 404. */
  metricsToken?: string;
  /** Nominatim's search endpoint and who asks (adapters/geocoder.ts); absent: geocoding is off. */
  geocoder?: { url: string; userAgent: string };
  /** Where the map's tiles come from, for the Content-Security-Policy (`https://*.tile.example.org`). */
  mapTileSource: string;
  /** Values the browser may see (served by GET /api/config). */
  publicLinks: {
    supportWhatsapp: string;
    chatUrl: string;
    aboutUrl: string;
    advertiseUrl: string;
    partnersUrl: string;
    cancellationPolicyUrl: string;
    facebookUrl: string;
    linkedinUrl: string;
    instagramUrl: string;
    youtubeUrl: string;
    simulatePayments: boolean;
    paymentProvider: 'sandbox' | 'mercadopago';
    mercadopagoPublicKey: string | null;
    maxInstallments: number;
    interestFreeInstallments: number;
    mapTileUrl: string;
    mapTileAttribution: string;
  };
}

/** Nominatim's public search endpoint (nominatim.org/release-docs/latest/api/Search/). */
export const NOMINATIM_SEARCH_URL = 'https://nominatim.openstreetmap.org/search';

/**
 * OpenStreetMap's standard tiles. The tile usage policy (operations.osmfoundation.org/policies/tiles/):
 * "The correct URL for the tiles is https://tile.openstreetmap.org/{zoom}/{x}/{y}.png".
 */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The credit OpenStreetMap asks for (www.openstreetmap.org/copyright: "Provide credit to
 * OpenStreetMap by displaying our attribution notice" and, to make the licence clear, "you may
 * link to this copyright page"), as Leaflet's attribution control shows it.
 */
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The tiles' origin for a CSP source: a `{s}` subdomain becomes `*` (`https://*.tile.example.org`). */
export function tileSource(template: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(template)?.[0] ?? template;
  return origin.replace(/\{[^}]+\}/g, '*');
}

/** The product's version, for the geocoder's User-Agent. */
const productVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0';
  }
};

/** The address inside "Salas <nao-responda@salas.app>". */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

export class ConfigError extends Error {}

/** The development and test key (production refuses to start without TOKEN_ENCRYPTION_KEY). */
export const developmentTokenKey = () => parseEncryptionKey(DEV_TOKEN_KEY)!;
const DEV_TOKEN_KEY = '73616c61732d6465762d6b65792d6e616f2d7365637265746f2d303132333435';

/** Parses the environment once. Throws ConfigError listing every bad key. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(ambiente)'}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const mailDir = e.MAIL_DIR
    ? path.resolve(e.MAIL_DIR)
    : e.NODE_ENV === 'production'
      ? undefined
      : path.join(dataDir, 'mail');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const site = 'https://salas.app';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    mailDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? 'salas-sandbox-webhook-secret-dev',
    mercadopago:
      e.PAYMENT_PROVIDER === 'mercadopago'
        ? {
            accessToken: e.MERCADOPAGO_ACCESS_TOKEN!,
            publicKey: e.MERCADOPAGO_PUBLIC_KEY!,
            webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET!,
            apiUrl: e.MERCADOPAGO_API_URL,
            oauth:
              e.MERCADOPAGO_CLIENT_ID && e.MERCADOPAGO_CLIENT_SECRET
                ? {
                    clientId: e.MERCADOPAGO_CLIENT_ID,
                    clientSecret: e.MERCADOPAGO_CLIENT_SECRET,
                    authUrl: e.MERCADOPAGO_AUTH_URL,
                  }
                : undefined,
          }
        : undefined,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            apiUrl: (e.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
          }
        : undefined,
    whatsappReminderHours: e.WHATSAPP_REMINDER_HOURS,
    // Outside production a fixed key keeps `npm start` and the tests simple (never a secret).
    tokenEncryptionKey: parseEncryptionKey(e.TOKEN_ENCRYPTION_KEY ?? DEV_TOKEN_KEY)!,
    installments: { max: e.MAX_INSTALLMENTS, interestFree: e.INTEREST_FREE_INSTALLMENTS },
    payoutDelayDays: e.PAYOUT_DELAY_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    geocoder:
      (e.GEOCODER_URL ?? (e.NODE_ENV === 'test' ? 'off' : NOMINATIM_SEARCH_URL)) === 'off'
        ? undefined
        : {
            url: e.GEOCODER_URL ?? NOMINATIM_SEARCH_URL,
            userAgent:
              e.GEOCODER_USER_AGENT ??
              `Salas/${productVersion()} (${e.GEOCODER_CONTACT ?? e.ADMIN_EMAIL ?? addressOf(e.MAIL_FROM)})`,
          },
    mapTileSource: tileSource(e.MAP_TILE_URL ?? OSM_TILE_URL),
    publicLinks: {
      supportWhatsapp: e.SUPPORT_WHATSAPP,
      chatUrl: e.CHAT_URL ?? `${site}/chat`,
      aboutUrl: e.ABOUT_URL ?? `${site}/sobre`,
      advertiseUrl: e.ADVERTISE_URL ?? `${site}/anuncie`,
      partnersUrl: e.PARTNERS_URL ?? `${site}/parceiros`,
      cancellationPolicyUrl: e.CANCELLATION_POLICY_URL ?? `${site}/politica-de-cancelamento`,
      facebookUrl: e.FACEBOOK_URL ?? 'https://www.facebook.com/salas.app',
      linkedinUrl: e.LINKEDIN_URL ?? 'https://www.linkedin.com/company/salas-app',
      instagramUrl: e.INSTAGRAM_URL ?? 'https://www.instagram.com/salas.app',
      youtubeUrl: e.YOUTUBE_URL ?? 'https://www.youtube.com/@salas.app',
      simulatePayments: e.NODE_ENV !== 'production' && (e.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox',
      paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
      mercadopagoPublicKey: e.PAYMENT_PROVIDER === 'mercadopago' ? (e.MERCADOPAGO_PUBLIC_KEY ?? null) : null,
      maxInstallments: e.MAX_INSTALLMENTS,
      interestFreeInstallments: e.INTEREST_FREE_INSTALLMENTS,
      mapTileUrl: e.MAP_TILE_URL ?? OSM_TILE_URL,
      mapTileAttribution: e.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION,
    },
  };
}
