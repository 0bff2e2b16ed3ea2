import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authenticateTokenBody,
  authenticateTokenResponse,
  authMessages,
  changePasswordBody,
  emailOnlyBody,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  resetPasswordBody,
  userResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '#common/contracts/auth';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as auth from './auth.service.ts';
import { changePassword } from './password.service.ts';
import { toUser } from './user.repository.ts';

const tags = ['conta'];
const requestInfo = (request: FastifyRequest): auth.RequestInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const message = (text: string) => ({ data: { message: text } });

/**
 * SPEC §7 "Authentication and account". `emailConfirmed`: what else happens when a person confirms
 * their e-mail (the app passes the partners' notice to the operators).
 */
export const authRoutes =
  (s: Services, emailConfirmed: auth.EmailConfirmed): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/register',
      {
        schema: {
          tags,
          summary: 'Cadastro de especialista',
          body: registerBody,
          response: { 201: userResponse },
        },
      },
      async (request, reply) => {
        const user = await auth.register(s, request.body, requestInfo(request));
        return reply.code(201).send({ data: user });
      },
    );

    app.post(
      '/loginTwoFactor',
      {
        schema: {
          tags,
          summary: 'Primeira etapa do login: envia o código por e-mail',
          body: loginBody,
          response: { 200: loginResponse },
        },
      },
      async (request) => ({ data: await auth.startLogin(s, request.body, requestInfo(request)) }),
    );

    app.post(
      '/authenticateToken',
      {
        schema: {
          tags,
          summary: 'Segunda etapa do login: troca o código por um token',
          body: authenticateTokenBody,
          response: { 200: authenticateTokenResponse },
        },
      },
      async (request) => ({ data: await auth.finishLogin(s, request.body, requestInfo(request)) }),
    );

    app.get(
      '/user',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Usuário atual',
          security: [{ bearer: [] }],
          response: { 200: userResponse },
        },
      },
      async (request) => ({
        data: await toUser(s.db, currentUser(request), request.auth?.profilePhotoUuid ?? null),
      }),
    );

    app.get(
      '/logout',
      {
        // GET because the SPEC fixes it; HEAD must not log anyone out.
        exposeHeadRoute: false,
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Encerra a sessão (revoga o token usado)',
          security: [{ bearer: [] }],
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        if (request.auth) await auth.logout(s, request.auth.tokenId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/user/verify-email',
      {
        schema: {
          tags,
          summary:
            'Confirma o e-mail com o código; logo após o cadastro, também abre a sessão (token e user)',
          body: verifyEmailBody,
          response: { 200: verifyEmailResponse },
        },
      },
      async (request) => {
        const session = await auth.verifyEmail(
          s,
          request.body.email,
          request.body.code,
          { ...requestInfo(request), signedIn: request.auth !== null },
          emailConfirmed,
        );
        return { data: { message: authMessages.verified, ...session } };
      },
    );

    app.post(
      '/user/resend/verification-code',
      {
        schema: {
          tags,
          summary: 'Reenvia o código de confirmação',
          body: emailOnlyBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await auth.resendVerification(s, request.body.email, requestInfo(request));
        return message(authMessages.verificationSent);
      },
    );

    app.get(
      '/force/verification/:email',
      {
        schema: {
          tags,
          summary: 'Envia um novo código de confirmação (mesma regra do reenvio)',
          params: emailOnlyBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await auth.resendVerification(s, request.params.email, requestInfo(request));
        return message(authMessages.verificationSent);
      },
    );

    app.post(
      '/forgot-password',
      {
        schema: {
          tags,
          summary: 'Envia o link de redefinição de senha',
          body: emailOnlyBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await auth.forgotPassword(s, request.body.email, requestInfo(request));
        return message(authMessages.forgotSent);
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Redefine a senha com o link recebido',
          body: resetPasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await auth.resetPassword(s, request.body, requestInfo(request));
        return message(authMessages.passwordReset);
      },
    );

    app.post(
      '/user/password',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Altera a própria senha (encerra as outras sessões)',
          security: [{ bearer: [] }],
          body: changePasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const { user, tokenId } = request.auth!;
        return message(await changePassword(s, user, tokenId, request.body));
      },
    );
  };
