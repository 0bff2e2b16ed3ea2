/** LGPD self-service (DESIGN §8): the export of one's data and the deletion of one's account. */
import { z } from 'zod';

/** `POST /api/user/delete`: the password confirms it is the person. */
export const deleteAccountBody = z.object({
  password: z.string().min(1, 'Informe sua senha para confirmar.').max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountResponse = z.object({ message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;

/** `GET /api/user/export` answers a zip with this file and the photos under `fotos/`. */
export const EXPORT_DATA_FILE = 'dados.json';
export const exportFileName = (date: string) => `salas-meus-dados-${date}.zip`;

/** Top-level keys of dados.json, in order. */
export const exportSections = [
  'about',
  'generated_at',
  'account',
  'specialist_profile',
  'addresses',
  'phone_contacts',
  'cards',
  'bookings',
  'series',
  'waitlist',
  'reviews',
  'mails',
  'sessions',
  'audit_log',
  'partner',
  'photos',
] as const;

/** What an erased account is called from then on. */
export const DELETED_ACCOUNT_NAME = 'Conta excluída';

export const privacyMessages = {
  wrongPassword: 'Senha incorreta. Digite a senha que você usa para entrar no Salas.',
  deleted:
    'Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail. Reservas e pagamentos ficam guardados de forma anônima pelo prazo da lei.',
  lastOperator:
    'Você é o único operador ativo do Salas. Antes de excluir a sua conta, outro operador precisa estar ativo para administrar a plataforma.',
  /** An hour could not be canceled inside the deletion: nothing was canceled, the account stays. */
  bookingDuringDeletion:
    'Não foi possível cancelar agora todos os seus horários futuros, então nada foi cancelado e sua conta continua ativa. Tente excluir de novo em alguns minutos.',
  /** A partner with rooms still offered or hours still to come in them. */
  partnerBusy: (activeRooms: number, futureHours: number) => {
    const steps = [
      activeRooms > 0 &&
        `desative ${activeRooms === 1 ? 'sua sala ativa' : `suas ${activeRooms} salas ativas`} (Gestão › Salas)`,
      futureHours > 0 &&
        `cancele ${futureHours === 1 ? 'o horário já reservado' : `os ${futureHours} horários já reservados`} para as próximas datas nas suas salas (Gestão › Agendamentos), ou espere que eles passem`,
    ].filter(Boolean);
    return `Antes de excluir a conta, ${steps.join(' e ')}. Depois tente de novo.`;
  },
} as const;
