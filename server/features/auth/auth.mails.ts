/** pt-BR mails of the account flows (HTML + text). */
import { type RenderedMail, renderMail } from '../../lib/mail-template.ts';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** `role`: a partner that signed itself up is told about its rooms, not about renting one. */
export function verificationMail(name: string, code: string, minutes: number, role?: string): RenderedMail {
  return renderMail({
    subject: 'Confirme seu e-mail no Salas',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      role === 'partner'
        ? 'Falta pouco para você anunciar suas salas no Salas.'
        : 'Falta pouco para você começar a alugar salas no Salas.',
      `Use o código abaixo para confirmar seu e-mail. Ele vale por ${minutes} minutos.`,
    ],
    code,
    footnote: 'Se você não criou uma conta no Salas, ignore esta mensagem.',
  });
}

export function loginCodeMail(name: string, code: string, link: string, minutes: number): RenderedMail {
  return renderMail({
    subject: `Seu código de acesso ao Salas: ${code}`,
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      `Use o código abaixo para concluir o acesso à sua conta. Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Você também pode entrar direto pelo botão.',
    ],
    code,
    action: { label: 'Entrar no Salas', url: link },
    footnote:
      'Se não foi você quem tentou entrar, ignore esta mensagem e considere trocar sua senha. Nunca compartilhe este código.',
  });
}

export function passwordResetMail(name: string, link: string, minutes: number): RenderedMail {
  return renderMail({
    subject: 'Redefinição de senha do Salas',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      'Recebemos um pedido para redefinir a senha da sua conta.',
      `Clique no botão para escolher uma nova senha. O link vale por ${minutes} minutos e pode ser usado uma única vez.`,
    ],
    action: { label: 'Redefinir senha', url: link },
    footnote: 'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
  });
}

/** `all`: a reset link ended every session; `others`: changed in the profile, that session stays. */
export function passwordChangedMail(name: string, ended: 'all' | 'others' = 'all'): RenderedMail {
  return renderMail({
    subject: 'Sua senha do Salas foi alterada',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      ended === 'all'
        ? 'A senha da sua conta acabou de ser redefinida e todas as sessões abertas foram encerradas.'
        : 'A senha da sua conta acabou de ser alterada no seu perfil; as sessões abertas em outros aparelhos foram encerradas.',
      'Se não foi você, entre em contato com o suporte imediatamente.',
    ],
  });
}

/** Many failed sign-ins on the account from elsewhere: the owner hears of it, and what still works. */
export function failedSignInsMail(name: string, failures: number, resetUrl: string): RenderedMail {
  return renderMail({
    subject: 'Tentativas de acesso à sua conta do Salas',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      `Nos últimos minutos houve ${failures} tentativas de entrar na sua conta com senha ou código errados.`,
      'Se foi você, está tudo bem: espere alguns minutos e tente de novo, ou redefina a senha.',
      'Se não foi você, alguém pode estar tentando adivinhar sua senha. Sua conta continua protegida: cada tentativa errada é contada, e quem erra demais é bloqueado, sem bloquear você nos aparelhos de onde você já entrou. Recomendamos trocar a senha por uma que você não use em outro site.',
    ],
    action: { label: 'Redefinir senha', url: resetUrl },
    footnote: 'O acesso também exige o código que enviamos a este e-mail, que nunca deve ser compartilhado.',
  });
}
