/**
 * Accounts: the states (UF) and the SPEC §8 messages of sign-in and sign-up.
 * Plain values without zod: public pages import them without loading the validation library.
 */
import { messages } from '../errors.ts';

export const ufs = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** SPEC §8 messages of these flows, verbatim. */
export const authMessages = {
  suspended: messages.suspended,
  invalidCredentials: messages.invalidCredentials,
  throttled: messages.throttled,
  emailTaken: messages.emailTaken,
  resetFailed: 'Erro ao redefinir senha. Por favor verifique se os dados inseridos estão corretos!!',
  registerFailed: 'Erro ao finalizar cadastro.',
  registerCheckFields: 'Verifique se os dados foram preenchidos corretamente',
  completeDataFailed: 'Erro ao completar cadastro.',
  invalidCode: 'Código inválido ou expirado.',
  forgotSent: 'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
  verificationSent: 'Se houver uma conta pendente com este e-mail, enviaremos um novo código.',
  verified: 'E-mail confirmado com sucesso.',
  passwordReset: 'Senha redefinida com sucesso.',
  saved: 'Informações Atualizadas com Sucesso!',
} as const;
