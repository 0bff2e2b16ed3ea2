/**
 * Mails of a clinic's own sign-up (docs/decisions/0039): the operators hear of it once the e-mail is
 * confirmed (and again when a refused partner asks for another look); the partner hears the decision.
 * Each is written with the transaction that causes it, so it goes once and only if that commits.
 */
import { formatCnpj, formatCpf } from '#common/br/documents';
import { formatPhone } from '#common/br/masks';
import type { Executor } from '../../db/client.ts';
import { type RenderedMail, renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';
import * as repo from './partner-signup.repository.ts';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const formatDocument = (type: string | null, document: string | null) =>
  !document ? '—' : type === 'cpf' ? `CPF ${formatCpf(document)}` : `CNPJ ${formatCnpj(document)}`;

/**
 * Tells every operator that a partner waits for approval: `signed_up` right after its e-mail was
 * confirmed, `review` when a refused partner asks again. Nothing when it no longer waits.
 * Answers whether mail was written (the caller kicks the outbox after its transaction).
 */
export async function mailOperatorsPending(
  s: Services,
  userId: number,
  why: 'signed_up' | 'review',
  db: Executor = s.db,
): Promise<boolean> {
  const p = await repo.signupSummary(db, userId);
  if (p?.approval !== 'pending') return false;
  const company = p.legalName ?? p.name;
  const mail = renderMail({
    subject:
      why === 'signed_up'
        ? `Novo parceiro para aprovar: ${company}`
        : `Parceiro pede nova análise: ${company}`,
    greeting: 'Olá, equipe Salas!',
    paragraphs: [
      why === 'signed_up'
        ? `${company} se cadastrou como parceiro e confirmou o e-mail. O cadastro está em análise: as salas só podem ser publicadas depois da aprovação.`
        : `${company} teve o cadastro recusado e pede uma nova análise.`,
      `Documento: ${formatDocument(p.documentType, p.document)}.`,
      `Responsável: ${p.name} — ${p.email}${p.phone ? ` — ${formatPhone(p.phone)}` : ''}.`,
      ...(p.sameDocument > 0
        ? [
            `Atenção: ${p.sameDocument === 1 ? 'outro parceiro já usa' : `${p.sameDocument} outros parceiros já usam`} este documento.`,
          ]
        : []),
      'Confira os dados e aprove ou recuse o cadastro na lista de parceiros.',
    ],
    action: {
      label: 'Ver cadastros pendentes',
      url: `${s.config.publicUrl}/admin/gestao/parceiros?cadastro=pendentes`,
    },
  });
  const to = await repo.operatorAddresses(db);
  for (const address of to) await s.mailer.send({ to: address, ...mail }, db);
  return to.length > 0;
}

export function approvedMail(s: Services, name: string, company: string): RenderedMail {
  return renderMail({
    subject: 'Cadastro aprovado no Salas',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      `A equipe do Salas aprovou o cadastro de ${company}. Seja bem-vindo!`,
      'Agora você pode publicar suas salas: cada sala vai para a busca quando estiver pronta, com fotos, horários, preço e descrição.',
    ],
    action: { label: 'Abrir minhas salas', url: `${s.config.publicUrl}/parceiro/gestao/salas` },
  });
}

export function rejectedMail(s: Services, name: string, company: string, reason: string): RenderedMail {
  return renderMail({
    subject: 'Cadastro não aprovado no Salas',
    greeting: `Olá, ${firstName(name)}!`,
    paragraphs: [
      `Analisamos o cadastro de ${company} e, por enquanto, não pudemos aprová-lo.`,
      `Motivo: ${reason}`,
      'Sua conta continua ativa. Corrija o que foi indicado nos dados do parceiro e peça uma nova análise na sua área de parceiro; se tiver dúvidas, fale com a gente pelo botão de ajuda.',
    ],
    action: {
      label: 'Abrir meus dados',
      url: `${s.config.publicUrl}/parceiro/configuracoes/dados-parceiro`,
    },
  });
}
