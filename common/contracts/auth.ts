/**
 * Accounts and sign-in (SPEC §7 "Authentication and account", DESIGN §4).
 * Used by the Fastify route schemas and by the web forms alike.
 */
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../br/documents.ts';
import { ufs } from '../domain/auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../domain/password-policy.ts';
import { zonedDate } from '../time/zone.ts';
import { singleLine } from './text.ts';

// The plain values beside the schemas (messages, labels, enums), for the server's imports.
export * from '../domain/auth.ts';

import { userSchema } from './user.ts';

const email = z
  .string({ message: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail longo demais.')
  .pipe(z.email({ message: 'Informe um e-mail válido.' }));

/**
 * A new password: length only, no composition rules (ASVS 5.0 §6.2). Its strength is checked by
 * common/domain/password-strength.ts in the services and in the forms (docs/decisions/0013).
 */
export const passwordRule = z
  .string({ message: passwordMessages.required })
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);

const code = z
  .string({ message: 'Informe o código.' })
  .trim()
  .regex(/^\d{6}$/, 'O código tem 6 dígitos.');

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;
const confirmationIssue = { message: 'As senhas não conferem.', path: ['password_confirmation'] };

// ---------------------------------------------------------------- requests

export const registerBody = z
  .object({
    name: singleLine(
      z
        .string({ message: 'Informe o nome.' })
        .trim()
        .min(3, 'Informe o nome completo.')
        .max(120, 'Nome longo demais.'),
    ),
    email,
    password: passwordRule,
    password_confirmation: z.string({ message: 'Confirme a senha.' }).max(128),
  })
  .refine(confirmed, confirmationIssue);
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ message: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .max(128, 'Senha longa demais.'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authenticateTokenBody = z.object({ email, login_token: code });
export type AuthenticateTokenBody = z.infer<typeof authenticateTokenBody>;

export const verifyEmailBody = z.object({ email, code });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const emailOnlyBody = z.object({ email });
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>;

export const resetPasswordBody = z
  .object({
    email,
    token: z
      .string({ message: 'Link de redefinição inválido.' })
      .min(20, 'Link de redefinição inválido.')
      .max(200),
    password: passwordRule,
    password_confirmation: z.string({ message: 'Confirme a senha.' }).max(128),
  })
  .refine(confirmed, confirmationIssue);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/user/password: a signed-in person changes their own password. */
export const changePasswordBody = z
  .object({
    current_password: z
      .string({ message: 'Informe a senha atual.' })
      .min(1, 'Informe a senha atual.')
      .max(PASSWORD_MAX_LENGTH, 'Senha longa demais.'),
    password: passwordRule,
    password_confirmation: z.string({ message: 'Confirme a senha.' }).max(PASSWORD_MAX_LENGTH),
  })
  .refine(confirmed, confirmationIssue);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export const passwordChanged = 'Senha alterada com sucesso.';

export const addressInput = z.object({
  zip_code: z
    .string({ message: 'Informe o CEP.' })
    .transform(onlyDigits)
    .pipe(z.string().regex(/^\d{8}$/, 'CEP inválido: use 8 dígitos.')),
  street: z.string({ message: 'Informe a rua.' }).trim().min(2, 'Informe a rua.').max(200),
  number: z.string({ message: 'Informe o número.' }).trim().min(1, 'Informe o número.').max(20),
  complement: z.string().trim().max(100).nullish(),
  neighborhood: z.string({ message: 'Informe o bairro.' }).trim().min(2, 'Informe o bairro.').max(100),
  city: z.string({ message: 'Informe a cidade.' }).trim().min(2, 'Informe a cidade.').max(100),
  state: z.enum(ufs, { message: 'Informe a UF.' }),
});
export type AddressInput = z.infer<typeof addressInput>;

/** A stored address as the API answers it (no input transforms: responses are serialised). */
export const addressSchema = z.object({
  uuid: z.uuid(),
  zip_code: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * Specialist data (DESIGN §5): POST /api/customer/completeData. Made with the clock of the side
 * that checks it (the server's one clock, the browser's) — a birth date may not be in the future.
 */
export const completeDataBodyAt = (clock: () => Date) =>
  z.object({
    name: singleLine(
      z.string({ message: 'Informe o nome.' }).trim().min(3, 'Informe o nome completo.').max(120),
    ),
    cpf: z.string({ message: 'Informe o CPF.' }).transform(onlyDigits).refine(isValidCpf, 'CPF inválido.'),
    birth_date: z.iso
      .date({ message: 'Data de nascimento inválida.' })
      .refine(
        (d) => d >= '1900-01-01' && d <= zonedDate(clock(), 'America/Sao_Paulo'),
        'Data de nascimento inválida.',
      ),
    phone: z
      .string({ message: 'Informe o telefone.' })
      .transform(onlyDigits)
      .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone inválido: DDD e número.')),
    profession: z.string({ message: 'Informe a profissão.' }).trim().min(2, 'Informe a profissão.').max(80),
    council_uuid: z.uuid({ message: 'Escolha o conselho.' }),
    council_number: z
      .string({ message: 'Informe o número de registro.' })
      .trim()
      .regex(/^[0-9A-Za-z./-]{1,20}$/, 'Número de registro inválido.'),
    council_state: z.enum(ufs, { message: 'Informe a UF do registro.' }),
    address: addressInput,
  });
export type CompleteDataBody = z.infer<ReturnType<typeof completeDataBodyAt>>;
export type CompleteDataInput = z.input<ReturnType<typeof completeDataBodyAt>>;

// ---------------------------------------------------------------- responses

export const userResponse = z.object({ data: userSchema });
export const loginResponse = z.object({ data: z.object({ email: z.string() }) });
export const authenticateTokenResponse = z.object({
  data: z.object({ token: z.string(), user: userSchema }),
});
export const messageResponse = z.object({ data: z.object({ message: z.string() }) });
/**
 * POST /api/user/verify-email: the message, and a session (`token`, `user`) when the confirmation
 * comes right after registration (docs/decisions/0017).
 */
export const verifyEmailResponse = z.object({
  data: z.object({ message: z.string(), token: z.string().optional(), user: userSchema.optional() }),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const councilSchema = z.object({
  uuid: z.uuid(),
  acronym: z.string(),
  name: z.string(),
  profession: z.string(),
});
export type Council = z.infer<typeof councilSchema>;
export const healthAdviceResponse = z.object({ data: z.array(councilSchema) });

export const specialistProfileSchema = z.object({
  name: z.string(),
  cpf: z.string(),
  birth_date: z.string(),
  phone: z.string(),
  profession: z.string(),
  council: councilSchema,
  council_number: z.string(),
  council_state: z.string(),
  address: addressSchema.nullable(),
});
export type SpecialistProfile = z.infer<typeof specialistProfileSchema>;
/** GET /api/customer/profile: null until completeData was sent. */
export const specialistProfileResponse = z.object({ data: specialistProfileSchema.nullable() });
