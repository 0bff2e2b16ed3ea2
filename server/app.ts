import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES } from '#common/contracts/supply';
import { createNominatimGeocoder } from './adapters/geocoder.ts';
import type { Mailer } from './adapters/mail.ts';
import { createMercadoPagoProvider } from './adapters/mercadopago.ts';
import { createSandboxProvider, type PaymentProvider } from './adapters/payments.ts';
import type { Storage } from './adapters/storage.ts';
import { createWhatsAppSender } from './adapters/whatsapp.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deskRoutes } from './features/admin/desk.routes.ts';
import { marketplaceRoutes, partnerDashboardRoutes } from './features/admin/marketplace.routes.ts';
import { peopleRoutes } from './features/admin/people.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { availabilityRoutes } from './features/availability/availability.routes.ts';
import { bookingRulesRoutes } from './features/booking-rules/booking-rules.routes.ts';
import { agendaRoutes } from './features/bookings/agenda.routes.ts';
import { bookingRoutes } from './features/bookings/booking.routes.ts';
import { cancelMyBooking } from './features/bookings/customer-booking.cancel.ts';
import { icalRoutes } from './features/calendar/ical.routes.ts';
import { addressContactRoutes } from './features/clinics/address-contact.routes.ts';
import { clinicRoutes } from './features/clinics/clinic.routes.ts';
import { geocodeRoutes } from './features/geocoding/geocode.routes.ts';
import { outboxRoutes } from './features/mail/outbox.routes.ts';
import { createOutbox } from './features/mail/outbox.service.ts';
import { metaRoutes } from './features/meta/meta.routes.ts';
import { sitemapRoutes } from './features/meta/sitemap.routes.ts';
import { partnerDataRoutes } from './features/partners/partner-data.routes.ts';
import { partnerSignupRoutes } from './features/partners/partner-signup.routes.ts';
import { partnerEmailConfirmed } from './features/partners/partner-signup.service.ts';
import { paymentAccountRoutes } from './features/payment-accounts/payment-account.routes.ts';
import {
  paymentAttentionRoutes,
  paymentCustomerRoutes,
  paymentWebhookRoutes,
} from './features/payments/payment.routes.ts';
import { operatorPayoutRoutes, partnerPayoutRoutes } from './features/payouts/payout.routes.ts';
import { photoServeRoutes } from './features/photos/photo.routes.ts';
import { photoUploadRoutes } from './features/photos/upload.routes.ts';
import { privacyRoutes } from './features/privacy/privacy.routes.ts';
import { publicPage } from './features/public-pages/public-page.ts';
import { publicPageRoutes } from './features/public-pages/public-pages.routes.ts';
import {
  customerReviewRoutes,
  operatorReviewRoutes,
  partnerReviewRoutes,
  publicReviewRoutes,
} from './features/reviews/reviews.routes.ts';
import { facilityRoutes } from './features/rooms/facility.routes.ts';
import { roomRoutes } from './features/rooms/room.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { seriesRoutes } from './features/series/series.routes.ts';
import { specialistProfileRoutes } from './features/specialists/profile.routes.ts';
import { waitlistRoutes } from './features/waitlist/waitlist.routes.ts';
import { notificationSettingsRoutes } from './features/whatsapp/consent.routes.ts';
import { whatsappWebhookRoutes } from './features/whatsapp/webhook.routes.ts';
import { projectRoot } from './lib/paths.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { completeOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { compiledSerializerCompiler } from './plugins/serializer.ts';
import { type RenderPage, registerSpa } from './plugins/spa.ts';
import { registerXsrf } from './plugins/xsrf.ts';
import type { RouteEntry, Services } from './services.ts';

z.config(z.locales.pt());

/**
 * The public pages drawn on the server with the web app's own components (web/entry-server.tsx):
 * React and the app load with the first such page, not at start.
 */
const renderPublicPage: RenderPage = (url, seeds) =>
  import('#web/entry-server.tsx').then((web) => web.renderPage(url, seeds));

export interface AppDeps {
  config: Config;
  database: Database;
  /** How mail really leaves (SMTP and/or .eml files; memory in tests); features write to the outbox. */
  mailer: Mailer;
  /**
   * `background` (default): a mail written outside a transaction, or kicked after one, is sent on
   * the next tick. `manual`: only when `services.mailer.deliver()` is called (tests).
   */
  mailDelivery?: 'background' | 'manual';
  storage: Storage;
  payments?: PaymentProvider;
  /** The product's one clock (bootstrap: the machine's; tests: a clock they move). */
  clock: () => Date;
  /** Serve the built web app from this folder (default dist/web beside the project). */
  webRoot?: string | false;
  logger?: FastifyServerOptions['logger'];
  /** Serialize every answer with zod too and fail on any difference (the test suites). */
  checkSerializers?: boolean;
}

export const MAX_JSON_BODY = 1024 * 1024;

/** Trusts the nearest `hops` proxies: the client is the address the farthest of them added. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The provider PAYMENT_PROVIDER names (validated at start with its keys). */
function paymentProviderFor(config: Config, db: Database['db'], clock: () => Date): PaymentProvider {
  if (config.paymentProvider === 'mercadopago' && config.mercadopago) {
    return createMercadoPagoProvider({
      accessToken: config.mercadopago.accessToken,
      webhookSecret: config.mercadopago.webhookSecret,
      notificationUrl: `${config.publicUrl}/api/payments/webhook`,
      apiUrl: config.mercadopago.apiUrl,
      oauth: config.mercadopago.oauth,
      clock,
    });
  }
  return createSandboxProvider(config.paymentWebhookSecret, db, {
    authorizeUrl: `${config.publicUrl}/api/sandbox/oauth/authorize`,
    clock,
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const services: Services = {
    config,
    db: deps.database.db,
    mailer: createOutbox(() => services, deps.mailer, {
      background: (deps.mailDelivery ?? 'background') === 'background',
    }),
    storage: deps.storage,
    payments: deps.payments ?? paymentProviderFor(config, deps.database.db, deps.clock),
    // WhatsApp only when its four settings are given (DESIGN §10); off, everyone hears by mail.
    whatsapp: config.whatsapp && createWhatsAppSender(config.whatsapp),
    // Nominatim by default, one request a second for the whole process (DESIGN §10).
    geocoder: config.geocoder && createNominatimGeocoder(config.geocoder),
    clock: deps.clock,
  };

  // The security headers, for the answers Fastify and Node make before any hook runs.
  let edgeHeaders: Record<string, string> = {};
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: MAX_JSON_BODY,
    // A hop count trusts that many proxies in front (the address each one added); a list trusts those.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrors(() => edgeHeaders),
    clientErrorHandler: clientErrorHandler(() => edgeHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ check: deps.checkSerializers ?? false }));
  // Every API route, as declared: the authorization tests walk this table, and a path in it asked
  // with another method answers 405.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = route.schema as RouteEntry['schema'];
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema });
  });
  registerErrorHandling(app, routeTable);
  registerInputGuard(app);
  // Before any route: each route's label in the request durations is worked out as it is declared.
  registerMetrics(app, services);

  // Mercado Pago's secure card fields: its SDK script, its card frames and its API, only when active.
  const mp =
    config.paymentProvider === 'mercadopago'
      ? {
          script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
          img: ['https://*.mlstatic.com'],
          connect: [
            'https://api.mercadopago.com',
            'https://api.mercadolibre.com',
            'https://events.mercadopago.com',
          ],
          frame: ['https://*.mercadopago.com', 'https://*.mercadolibre.com'],
        }
      : { script: [], img: [], connect: [], frame: [] };
  edgeHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...mp.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles (MAP_TILE_URL): Leaflet draws them as <img>, its styles come with its code.
        imgSrc: ["'self'", 'data:', 'blob:', config.mapTileSource, ...mp.img],
        fontSrc: ["'self'", 'data:'],
        // ViaCEP: the address forms fill the street from the CEP, from the browser (decision 0038).
        connectSrc: ["'self'", 'https://viacep.com.br', ...mp.connect],
        frameSrc: mp.frame.length ? mp.frame : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 10, fields: 20, fieldSize: 1024, parts: 40 },
  });
  registerXsrf(app, { secure: config.publicUrl.startsWith('https://') });
  registerAuth(app, services);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Salas API',
        version: '1.0.0',
        description: [
          'API do marketplace de salas Salas.',
          '',
          'Sessão: `POST /api/loginTwoFactor` (e-mail e senha) e `POST /api/authenticateToken` (o código do e-mail) devolvem `token`; envie-o como `Authorization: Bearer <token>`.',
          '',
          'Escritas (POST, PUT, PATCH, DELETE): repita o cookie `XSRF-TOKEN` no cabeçalho `X-XSRF-TOKEN`. O cookie chega na resposta de qualquer pedido feito sem ele — uma leitura anônima, ou a resposta 419 da primeira escrita, que pode então ser repetida.',
          '',
          'Erros: 4xx e 5xx respondem `{ message }` em português; 422 traz também `errors` por campo.',
        ].join('\n'),
      },
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      completeOpenApi((documents as { openapiObject: Record<string, unknown> }).openapiObject) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (its FastifyPluginAsync overload)
    async (api) => {
      await api.register(metaRoutes(services));
      await api.register(authRoutes(services, (user) => partnerEmailConfirmed(services, user)));
      await api.register(specialistProfileRoutes(services));
      await api.register(photoServeRoutes(services));
      await api.register(facilityRoutes(services));
      await api.register(availabilityRoutes(services));
      await api.register(searchRoutes(services));
      await api.register(geocodeRoutes(services));
      await api.register(publicPageRoutes(services));
      await api.register(addressContactRoutes(services));
      await api.register(photoUploadRoutes(services));
      await api.register(clinicRoutes(services));
      await api.register(roomRoutes(services));
      await api.register(bookingRulesRoutes(services));
      await api.register(partnerDataRoutes(services));
      await api.register(partnerSignupRoutes(services));
      await api.register(bookingRoutes(services));
      await api.register(seriesRoutes(services));
      await api.register(waitlistRoutes(services));
      await api.register(publicReviewRoutes(services));
      await api.register(customerReviewRoutes(services));
      await api.register(partnerReviewRoutes(services));
      await api.register(operatorReviewRoutes(services));
      await api.register(agendaRoutes(services));
      await api.register(icalRoutes(services));
      await api.register(peopleRoutes(services));
      await api.register(marketplaceRoutes(services));
      await api.register(outboxRoutes(services));
      await api.register(paymentAttentionRoutes(services));
      await api.register(partnerPayoutRoutes(services));
      await api.register(operatorPayoutRoutes(services));
      await api.register(deskRoutes(services));
      await api.register(partnerDashboardRoutes(services));
      await api.register(paymentWebhookRoutes(services));
      await api.register(paymentCustomerRoutes(services));
      await api.register(privacyRoutes(services));
      await api.register(paymentAccountRoutes(services));
      await api.register(notificationSettingsRoutes(services));
      // A tap on "Cancelar reserva" cancels as the web's "Cancelar reserva" does.
      await api.register(
        whatsappWebhookRoutes(services, (user, uuid) => cancelMyBooking(services, user, uuid)),
      );
    },
    { prefix: '/api' },
  );

  await app.register(sitemapRoutes(services));
  app.decorate('services', services);
  // A sending round under way finishes before the database closes.
  app.addHook('onClose', () => services.mailer.stop());
  if (deps.webRoot !== false)
    await registerSpa(app, deps.webRoot ?? path.join(projectRoot, 'dist', 'web'), {
      publicUrl: config.publicUrl,
      page: (urlPath, query) => publicPage(services, urlPath, query),
      render: renderPublicPage,
    });
  return app;
}
