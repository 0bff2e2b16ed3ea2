/** The pt-BR mail that confirms an account deletion (LGPD, DESIGN §8). */
import { formatBrl } from '#common/money';
import { type RenderedMail, renderMail } from '../../lib/mail-template.ts';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function accountDeletedMail(
  name: string,
  canceled: { hours: number; refundCents: number },
): RenderedMail {
  const bookings =
    canceled.hours === 0
      ? []
      : [
          `${canceled.hours === 1 ? 'Um horário futuro foi cancelado' : `${canceled.hours} horários futuros foram cancelados`} pelas regras de cancelamento de sempre.` +
            (canceled.refundCents > 0
              ? ` ${formatBrl(canceled.refundCents)} serão devolvidos no meio de pagamento que você usou.`
              : ' Não há valor a devolver.'),
        ];
  return renderMail({
    subject: 'Sua conta foi excluída',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      'Como você pediu, sua conta no Salas foi excluída. Você não consegue mais entrar com ela e apagamos seus dados pessoais: nome, e-mail, CPF, telefone, data de nascimento, conselho, endereço, cartões salvos e fotos.',
      ...bookings,
      'Reservas, pagamentos e reembolsos continuam guardados sem o seu nome, pelo prazo que as leis fiscais e de defesa do consumidor exigem (LGPD, art. 16, I).',
      'Se quiser voltar, é só criar uma conta nova com este mesmo e-mail.',
    ],
    footnote: 'Se não foi você quem pediu a exclusão, fale com o suporte do Salas o quanto antes.',
  });
}
