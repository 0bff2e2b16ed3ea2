import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankAccountBody,
  bankAccountResponse,
  partnerBasicBody,
  partnerDataBody,
  partnerDataResponse,
  pixKeyBody,
  pixKeyResponse,
} from '#common/contracts/partner';
import { currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as partners from './partner-data.service.ts';

const tags = ['parceiro'];
const security = [{ bearer: [] }];
const params = z.object({ partner: z.uuid() });

/** Partner's own data: PUT /api/partner/basicdata/{id} (SPEC §7) and the configurações screens. */
export const partnerDataRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    app.addHook('preValidation', requireSelf('partner'));

    app.put(
      '/partner/basicdata/:partner',
      {
        schema: {
          tags,
          security,
          summary: 'Nome e telefone do parceiro',
          params,
          body: partnerBasicBody,
          response: { 200: partnerDataResponse },
        },
      },
      async (request) => ({
        data: await partners.updateBasicData(
          s,
          currentUserNamed(request, request.params.partner),
          request.body,
        ),
      }),
    );

    app.get(
      '/partner/:partner/data',
      {
        schema: {
          tags,
          security,
          summary: 'Dados do parceiro',
          params,
          response: { 200: partnerDataResponse },
        },
      },
      async (request) => ({
        data: await partners.getPartnerData(s, currentUserNamed(request, request.params.partner)),
      }),
    );

    app.put(
      '/partner/:partner/data',
      {
        schema: {
          tags,
          security,
          summary: 'Razão social, documento, contato e endereço',
          params,
          body: partnerDataBody,
          response: { 200: partnerDataResponse },
        },
      },
      async (request) => ({
        data: await partners.updatePartnerData(
          s,
          currentUserNamed(request, request.params.partner),
          request.body,
        ),
      }),
    );

    app.get(
      '/partner/:partner/bank-account',
      {
        schema: {
          tags,
          security,
          summary: 'Conta bancária para repasses',
          params,
          response: { 200: bankAccountResponse },
        },
      },
      async (request) => ({
        data: await partners.getBankAccount(s, currentUserNamed(request, request.params.partner)),
      }),
    );

    app.put(
      '/partner/:partner/bank-account',
      {
        schema: {
          tags,
          security,
          summary: 'Altera a conta bancária',
          params,
          body: bankAccountBody,
          response: { 200: bankAccountResponse },
        },
      },
      async (request) => ({
        data: await partners.updateBankAccount(
          s,
          currentUserNamed(request, request.params.partner),
          request.body,
        ),
      }),
    );

    app.get(
      '/partner/:partner/pix-key',
      {
        schema: {
          tags,
          security,
          summary: 'Chave Pix para repasses',
          params,
          response: { 200: pixKeyResponse },
        },
      },
      async (request) => ({
        data: await partners.getPixKey(s, currentUserNamed(request, request.params.partner)),
      }),
    );

    app.put(
      '/partner/:partner/pix-key',
      {
        schema: {
          tags,
          security,
          summary: 'Altera a chave Pix',
          params,
          body: pixKeyBody,
          response: { 200: pixKeyResponse },
        },
      },
      async (request) => ({
        data: await partners.updatePixKey(s, currentUserNamed(request, request.params.partner), request.body),
      }),
    );
  };
