/**
 * One layout for every mail: a plain-text part (codes as plain digits, links in full) and a simple,
 * inline-styled HTML part that mail clients render consistently.
 */
export interface MailContent {
  subject: string;
  /** Shown above the body, e.g. "Olá, Ana!". */
  greeting: string;
  paragraphs: string[];
  /** A big code (verification, sign-in). */
  code?: string;
  /** The main button. */
  action?: { label: string; url: string };
  /** Small print under the body. */
  footnote?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BRAND = '#0b7a75';

export function renderMail(content: MailContent): RenderedMail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`Código: ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '— Equipe Salas',
  ].join('\n');

  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:24px;font-weight:bold;color:${BRAND};padding-bottom:16px">Salas</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${escapeHtml(content.greeting)}</td></tr>
${content.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${content.code ? `<tr><td style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;padding:16px 0">${escapeHtml(content.code)}</td></tr>` : ''}
${content.action ? `<tr><td align="center" style="padding:16px 0"><a href="${escapeHtml(content.action.url)}" style="background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></td></tr>` : ''}
${content.footnote ? `<tr><td style="font-size:13px;color:#52606d;padding-top:12px">${escapeHtml(content.footnote)}</td></tr>` : ''}
<tr><td style="font-size:13px;color:#52606d;padding-top:24px">— Equipe Salas</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
