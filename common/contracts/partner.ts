/** Partner data (DESIGN §5): basic data, company data, bank account and Pix key for payouts. */
import { z } from 'zod';
import { bankByCode } from '../br/banks.ts';
import { isValidCnpj, isValidCpf, onlyDigits } from '../br/documents.ts';
import { addressInput, addressSchema, passwordRule } from './auth.ts';
import { contactSchema } from './supply.ts';
import { singleLine } from './text.ts';

const phone = z
  .string({ message: 'Informe o telefone.' })
  .transform(onlyDigits)
  .pipe(z.string().regex(/^[1-9]\d{9,10}$/, 'Telefone inválido: DDD e número.'));

export const partnerBasicBody = z.object({
  name: singleLine(
    z.string({ message: 'Informe o nome.' }).trim().min(3, 'Informe o nome completo.').max(120),
  ),
  /** Optional: an empty field clears it. */
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phone.nullish()),
});
export type PartnerBasicBody = z.input<typeof partnerBasicBody>;

export const documentTypes = ['cpf', 'cnpj'] as const;

export const partnerDataBody = z
  .object({
    legal_name: singleLine(
      z
        .string({ message: 'Informe a razão social ou o nome.' })
        .trim()
        .min(3, 'Informe a razão social ou o nome.')
        .max(200),
    ),
    document_type: z.enum(documentTypes, { message: 'Escolha CPF ou CNPJ.' }),
    document: z.string({ message: 'Informe o documento.' }).transform(onlyDigits),
    contact_email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Informe um e-mail válido.' })),
    phone,
    address: addressInput,
  })
  .superRefine((v, ctx) => {
    const ok = v.document_type === 'cpf' ? isValidCpf(v.document) : isValidCnpj(v.document);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['document'],
        message: v.document_type === 'cpf' ? 'CPF inválido.' : 'CNPJ inválido.',
      });
  });
export type PartnerDataBody = z.input<typeof partnerDataBody>;

export const partnerDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  legal_name: z.string().nullable(),
  document_type: z.string().nullable(),
  document: z.string().nullable(),
  contact_email: z.string().nullable(),
  address: addressSchema.nullable(),
  plan: z.object({ uuid: z.uuid(), name: z.string(), commission_percent: z.string() }).nullable(),
  contacts: z.array(contactSchema),
});
export type PartnerData = z.infer<typeof partnerDataSchema>;
export const partnerDataResponse = z.object({ data: partnerDataSchema });

export const accountTypes = ['checking', 'savings', 'payment'] as const;
export const accountTypeLabels: Record<(typeof accountTypes)[number], string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  payment: 'Conta de pagamento',
};

export const bankAccountBody = z
  .object({
    bank_code: z
      .string({ message: 'Escolha o banco.' })
      .refine((c) => Boolean(bankByCode(c)), 'Banco inválido.'),
    agency: z
      .string({ message: 'Informe a agência.' })
      .transform(onlyDigits)
      .pipe(z.string().regex(/^\d{4}$/, 'Agência: 4 dígitos, sem o dígito.')),
    account: z
      .string({ message: 'Informe a conta.' })
      .transform(onlyDigits)
      .pipe(z.string().regex(/^\d{1,13}$/, 'Conta inválida.')),
    account_digit: z
      .string({ message: 'Informe o dígito.' })
      .trim()
      .regex(/^[0-9Xx]$/, 'Dígito inválido.')
      .transform((d) => d.toUpperCase()),
    account_type: z.enum(accountTypes, { message: 'Escolha o tipo de conta.' }),
    holder_name: singleLine(
      z.string({ message: 'Informe o titular.' }).trim().min(3, 'Informe o nome do titular.').max(200),
    ),
    holder_document: z.string({ message: 'Informe o CPF ou CNPJ do titular.' }).transform(onlyDigits),
  })
  .superRefine((v, ctx) => {
    const d = v.holder_document;
    if (!(d.length === 11 ? isValidCpf(d) : isValidCnpj(d))) {
      ctx.addIssue({
        code: 'custom',
        path: ['holder_document'],
        message: 'CPF ou CNPJ do titular inválido.',
      });
    }
  });
export type BankAccountBody = z.input<typeof bankAccountBody>;
export const bankAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  agency: z.string(),
  account: z.string(),
  account_digit: z.string(),
  account_type: z.string(),
  holder_name: z.string(),
  holder_document: z.string(),
});
export const bankAccountResponse = z.object({ data: bankAccountSchema.nullable() });

export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export const pixKeyTypeLabels: Record<(typeof pixKeyTypes)[number], string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

/** Normalises a Pix key of its type, or answers an error message. */
export function normalisePixKey(
  type: (typeof pixKeyTypes)[number],
  raw: string,
): { key: string } | { error: string } {
  const value = raw.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(value) ? { key: onlyDigits(value) } : { error: 'CPF inválido.' };
    case 'cnpj':
      return isValidCnpj(value) ? { key: onlyDigits(value) } : { error: 'CNPJ inválido.' };
    case 'email':
      return z.email().max(77).safeParse(value.toLowerCase()).success
        ? { key: value.toLowerCase() }
        : { error: 'E-mail inválido.' };
    case 'phone': {
      let digits = onlyDigits(value);
      if (digits.length === 11) digits = `55${digits}`;
      return /^55[1-9]\d9\d{8}$/.test(digits)
        ? { key: `+${digits}` }
        : { error: 'Celular inválido: DDD e 9 dígitos.' };
    }
    case 'random':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
        ? { key: value.toLowerCase() }
        : { error: 'Chave aleatória inválida (formato UUID).' };
  }
}

export const pixKeyBody = z
  .object({
    key_type: z.enum(pixKeyTypes, { message: 'Escolha o tipo de chave.' }),
    key: z.string({ message: 'Informe a chave.' }).max(100, 'Chave longa demais.'),
  })
  .transform((v, ctx) => {
    const result = normalisePixKey(v.key_type, v.key);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: result.error });
      return z.NEVER;
    }
    return { key_type: v.key_type, key: result.key };
  });
export type PixKeyBody = z.input<typeof pixKeyBody>;
export const pixKeyResponse = z.object({
  data: z.object({ key_type: z.string(), key: z.string() }).nullable(),
});

// ---------------------------------------------------------------- sign-up and approval (issue 31)

/**
 * A clinic that signs itself up waits for the operator before its rooms can be published
 * (docs/decisions/0039). Partners the operator created, and those from before, are approved.
 */
export const partnerApprovals = ['pending', 'approved', 'rejected'] as const;
export type PartnerApproval = (typeof partnerApprovals)[number];
export const partnerApprovalLabels: Record<PartnerApproval, string> = {
  pending: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
};

/** Whether these fields of a body being checked arrived as strings (their own rules run apart). */
const hasFields = (value: unknown, fields: string[]) =>
  typeof value === 'object' &&
  value !== null &&
  fields.every((f) => typeof (value as Record<string, unknown>)[f] === 'string');

export const partnerSignupMessages = {
  termsRequired: 'Para continuar, aceite a política de privacidade.',
  passwordsDiffer: 'As senhas não conferem.',
} as const;

/**
 * POST /api/partner/signup: a clinic or coworking signs itself up (company and contact, the account's
 * e-mail and password). The e-mail is confirmed with the same code as the specialist's sign-up.
 */
export const partnerSignupBody = z
  .object({
    document_type: z.enum(documentTypes, { message: 'Escolha CNPJ ou CPF.' }),
    document: z.string({ message: 'Informe o documento.' }).max(40).transform(onlyDigits),
    legal_name: singleLine(
      z
        .string({ message: 'Informe a razão social ou o nome.' })
        .trim()
        .min(3, 'Informe a razão social ou o nome.')
        .max(200, 'Razão social longa demais.'),
    ),
    name: singleLine(
      z
        .string({ message: 'Informe o nome do responsável.' })
        .trim()
        .min(3, 'Informe o nome completo do responsável.')
        .max(120, 'Nome longo demais.'),
    ),
    email: z
      .string({ message: 'Informe o e-mail.' })
      .trim()
      .toLowerCase()
      .max(254, 'E-mail longo demais.')
      .pipe(z.email({ message: 'Informe um e-mail válido.' })),
    phone,
    password: passwordRule,
    password_confirmation: z.string({ message: 'Confirme a senha.' }).max(128),
    accept_terms: z.literal(true, { message: partnerSignupMessages.termsRequired }),
  })
  // Checked even when another field is wrong (zod skips object checks after any issue otherwise),
  // so the form shows every problem at once.
  .refine((v) => v.document_type !== 'cnpj' || isValidCnpj(v.document), {
    message: 'CNPJ inválido.',
    path: ['document'],
    when: ({ value }) => hasFields(value, ['document_type', 'document']),
  })
  .refine((v) => v.document_type !== 'cpf' || isValidCpf(v.document), {
    message: 'CPF inválido.',
    path: ['document'],
    when: ({ value }) => hasFields(value, ['document_type', 'document']),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: partnerSignupMessages.passwordsDiffer,
    path: ['password_confirmation'],
    when: ({ value }) => hasFields(value, ['password', 'password_confirmation']),
  });
export type PartnerSignupBody = z.input<typeof partnerSignupBody>;

/** GET /api/partner/{partner}/approval: where the partner's sign-up stands, and why it was refused. */
export const partnerApprovalSchema = z.object({
  approval: z.enum(partnerApprovals),
  approved_at: z.string().nullable(),
  /** The operator's last refusal, while the sign-up stands refused. */
  rejection: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type PartnerApprovalStatus = z.infer<typeof partnerApprovalSchema>;
export const partnerApprovalResponse = z.object({ data: partnerApprovalSchema });
