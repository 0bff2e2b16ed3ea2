/**
 * One layout for every mail: a plain-text part (codes as plain digits, links in full) and an
 * inline-styled HTML part that reads on a phone (docs/decisions/0041). The card is fluid — 100% wide
 * up to 560 px (Outlook on Windows, which knows no max-width, gets a fixed 560 px table through a
 * conditional comment) — long words and links break instead of widening it, the Pix code wraps in
 * its own box, and the button is a full-width block, so a 360 px screen shows everything.
 * The HTML is valid (the Nu HTML Checker reads every mail kind: server/test/valid-html.test.ts):
 * Apple Mail's `x-apple-disable-message-reformatting` goes by its name, and a named meta needs a
 * `content`, so it has an empty one.
 */
export interface MailContent {
  subject: string;
  /** Shown above the body, e.g. "Olá, Ana!". */
  greeting: string;
  paragraphs: string[];
  /** A big code (verification, sign-in). */
  code?: string;
  /**
   * A long code to copy whole (the Pix copia e cola), in a box of its own after `after`
   * paragraphs (after all of them when not given).
   */
  copy?: { label: string; value: string; after?: number };
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
const INK = '#1f2933';
const MUTED = '#52606d';
const PAGE = '#f4f6f7';
/** Long words (addresses, links, identifiers) break instead of widening the card. */
const WRAP = 'overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word';

/** Narrow screens: less padding around the card, a smaller big code. */
const STYLE = `
body{margin:0;padding:0;-webkit-text-size-adjust:100%;text-size-adjust:100%}
table{border-collapse:collapse}
img{max-width:100%;height:auto;border:0}
@media (max-width:480px){
  .mail-outer{padding:8px 0!important}
  .mail-body{padding:20px 16px!important}
  .mail-code{font-size:28px!important;letter-spacing:6px!important}
}`;

const row = (content: string, style: string, attrs = '') =>
  `<tr><td${attrs} style="${style}">${content}</td></tr>`;

function copyBox(copy: NonNullable<MailContent['copy']>): string {
  return row(
    `<div style="font-size:13px;font-weight:bold;color:${MUTED};padding-bottom:6px">${escapeHtml(copy.label)}</div>` +
      `<div class="mail-copy" style="font-family:'Courier New',Courier,monospace;font-size:13px;line-height:1.5;color:${INK};background:${PAGE};border:1px solid #d9e2ec;border-radius:6px;padding:12px;word-break:break-all;overflow-wrap:anywhere;white-space:normal">${escapeHtml(copy.value)}</div>`,
    'padding:4px 0 16px',
  );
}

function button(action: NonNullable<MailContent['action']>): string {
  const url = escapeHtml(action.url);
  const label = escapeHtml(action.label);
  // The cell carries the colour (Outlook draws no padding on a link); the link fills the cell.
  return `<tr><td style="padding:12px 0 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%"><tr>
<td align="center" bgcolor="${BRAND}" style="background:${BRAND};border-radius:6px">
<a class="mail-button" href="${url}" style="display:block;padding:14px 16px;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;line-height:1.25;text-align:center;border-radius:6px;${WRAP}">${label}</a>
</td></tr></table>
</td></tr>`;
}

export function renderMail(content: MailContent): RenderedMail {
  const copyAt = content.copy?.after ?? content.paragraphs.length;
  const textParagraphs = content.paragraphs.flatMap((p, i) => [
    ...(content.copy && i === copyAt ? [`${content.copy.label}:`, content.copy.value, ''] : []),
    p,
    '',
  ]);
  const text = [
    content.greeting,
    '',
    ...textParagraphs,
    ...(content.copy && copyAt >= content.paragraphs.length
      ? [`${content.copy.label}:`, content.copy.value, '']
      : []),
    ...(content.code ? [`Código: ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '— Equipe Salas',
  ].join('\n');

  const paragraph = (p: string) =>
    row(escapeHtml(p), `font-size:15px;line-height:1.5;color:${INK};padding-bottom:12px;${WRAP}`);
  const body = content.paragraphs.flatMap((p, i) => [
    ...(content.copy && i === copyAt ? [copyBox(content.copy)] : []),
    paragraph(p),
  ]);
  if (content.copy && copyAt >= content.paragraphs.length) body.push(copyBox(content.copy));

  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="x-apple-disable-message-reformatting" content="">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
<style>${STYLE}</style></head>
<body style="margin:0;padding:0;background:${PAGE};font-family:Arial,Helvetica,sans-serif;color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;background:${PAGE}"><tr>
<td class="mail-outer" align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0"><tr><td><![endif]-->
<table class="mail-card" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:8px">
<tr><td class="mail-body" style="padding:28px 24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;table-layout:fixed">
${row('Salas', `font-size:24px;font-weight:bold;color:${BRAND};padding-bottom:16px`)}
${row(escapeHtml(content.greeting), `font-size:16px;color:${INK};padding-bottom:12px;${WRAP}`)}
${body.join('\n')}
${content.code ? row(escapeHtml(content.code), `font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;color:${INK};padding:16px 0`, ' class="mail-code"') : ''}
${content.action ? button(content.action) : ''}
${content.footnote ? row(escapeHtml(content.footnote), `font-size:13px;line-height:1.5;color:${MUTED};padding-top:12px;${WRAP}`) : ''}
${row('— Equipe Salas', `font-size:13px;color:${MUTED};padding-top:24px`)}
</table>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
