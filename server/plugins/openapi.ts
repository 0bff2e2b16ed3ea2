/**
 * The OpenAPI document at /api/docs/json, completed for integrators (issue: an API contract others
 * can build on). The route schemas give paths, parameters, bodies and JSON answers; this adds what
 * they cannot say: the XSRF double submit of every write, the error shape of every 4xx/5xx, a
 * stable operationId, multipart bodies, binary answers with their media types and bodiless 204s.
 * Only /api paths are documented (the SPA's page fallback is not an API).
 */
import { z } from 'zod';
import { XSRF_COOKIE } from './xsrf.ts';

/** A route's "no body" answer: `response: { 204: noContent }`. */
export const noContent = z.null().describe('Sem conteúdo');

type Json = Record<string, unknown>;
type Operation = Json & {
  security?: Record<string, string[]>[];
  responses?: Record<string, Json>;
  requestBody?: Json;
  parameters?: Json[];
};

const WRITE = new Set(['post', 'put', 'patch', 'delete']);
/** Writes authenticated by their own signature instead of the XSRF double submit. */
const SIGNED = new Set(['post /api/payments/webhook', 'post /api/whatsapp/webhook']);

const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});
/** An Excel workbook (Office Open XML spreadsheet), the media type of every export. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The schema of a route that answers a spreadsheet, spread into its `schema`: the OpenAPI document
 * types its 200 as an XLSX file (a binary string), so generated clients read a file, not nothing.
 * The answer is a stream, which Fastify sends as it is (no serializer runs on it): the schema is
 * `any` to the handler's types, a binary string to the document.
 */
export const spreadsheetAnswer = (description: string) => ({
  produces: [XLSX],
  response: {
    200: { description, content: { [XLSX]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } } },
  },
});

/** Answers that are files, not JSON, from routes whose schema cannot say so. */
const FILES: Record<string, Json> = {
  'get /api/photo/{id}': binary('image/webp', 'A imagem (WebP)'),
  'get /api/calendar/{file}': binary('text/calendar', 'A agenda do parceiro (iCalendar, RFC 5545)'),
  'get /api/user/export': binary('application/zip', 'dados.json e as fotos da pessoa'),
};

const photoFiles = (field: string, many: boolean) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: [field],
        properties: {
          type: { type: 'string', enum: ['room', 'clinic', 'profile'], description: 'De quem é a foto' },
          uuid: { type: 'string', format: 'uuid', description: 'A sala, a clínica ou a pessoa' },
          [field]: many
            ? { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 10 }
            : { type: 'string', format: 'binary' },
        },
      },
      encoding: { [field]: { contentType: 'image/jpeg, image/png, image/webp' } },
    },
  },
});
/** Uploads: multipart bodies (JPEG, PNG or WebP up to 10 MB each). */
const UPLOADS: Record<string, Json> = {
  'post /api/photo/bulk': photoFiles('photos', true),
  'post /api/photo': photoFiles('photo', false),
  'post /api/photos/{type}/{id}': photoFiles('photos', true),
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
});

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`: zod writes a nullable union (`'' | date`) as
 * `nullable` over `anyOf`. The branches' common type moves up; without one, each branch becomes
 * nullable itself.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json & { anyOf?: Json[]; oneOf?: Json[] };
  const branches = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && schema.type === undefined && branches) {
    const types = new Set(branches.map((b) => b.type));
    if (types.size === 1 && [...types][0] !== undefined) schema.type = [...types][0];
    else {
      for (const b of branches) b.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(schema)) typeNullables(value);
}

/** `post /api/customer/{id}/card` → `postCustomerIdCard`: stable while the path is. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

export function completeOpenApi(doc: Json): Json {
  const components = (doc.components ?? {}) as Json & { securitySchemes?: Json; schemas?: Json };
  components.securitySchemes = {
    ...components.securitySchemes,
    xsrfCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: XSRF_COOKIE,
      description:
        'Cookie entregue na resposta de qualquer pedido que chegue sem ele (um GET anônimo, ou a 419 da primeira escrita).',
    },
    xsrfHeader: {
      type: 'apiKey',
      in: 'header',
      name: 'X-XSRF-TOKEN',
      description: `Toda escrita (POST, PUT, PATCH, DELETE) repete aqui o valor do cookie ${XSRF_COOKIE}; sem isso, 419.`,
    },
  };
  components.schemas = {
    ...components.schemas,
    Erro: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string', description: 'A mensagem para a pessoa, em português' },
        errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          description: 'Erros por campo (422)',
        },
        code: { type: 'string', description: 'Motivo de uma recusa de reserva (403), quando há' },
        request_id: {
          type: 'string',
          description: 'Código do pedido, nas respostas 500 (procure-o nos logs)',
        },
      },
    },
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    paths[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method} ${path}`;
      op.operationId = operationId(method, path);
      const requirements = op.security?.length ? op.security : [{}];
      if (WRITE.has(method) && !SIGNED.has(key)) {
        op.security = requirements.map((r) => ({ ...r, xsrfCookie: [], xsrfHeader: [] }));
      } else {
        op.security = op.security ?? [];
      }
      const responses = op.responses ?? {};
      for (const [status, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') answer.description = 'Resposta';
        if (status === '204') {
          delete answer.content;
          answer.description = 'Sem conteúdo';
        }
      }
      const file = FILES[key];
      if (file) {
        const ok = Object.keys(responses).find((s) => s.startsWith('2')) ?? '200';
        responses[ok] = file;
      }
      const upload = UPLOADS[key];
      if (upload) op.requestBody = upload;
      responses['4XX'] = errorResponse(
        'Pedido recusado: a mensagem diz por quê (422 traz os erros por campo)',
      );
      responses['5XX'] = errorResponse('Erro do servidor, com o código do pedido');
      op.responses = responses;
      paths[path]![method] = op;
    }
  }
  typeNullables(paths);
  typeNullables(components.schemas);
  const info = {
    ...(doc.info as Json),
    license: { name: 'Uso restrito aos clientes e integradores do Salas' },
  };
  return { ...doc, info, components, paths };
}
