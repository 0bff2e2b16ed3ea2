import { type SampleMail, sampleMails } from '../server/features/mail/mail-samples.ts';
import { keepScreen } from './support/screens.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Mails read on a phone (issue 32, docs/decisions/0041): the real HTML of each mail, built by the
 * server's own functions from sample data (server/features/mail/mail-samples.ts), opened in
 * Chromium at 375 and 360 px as a phone opens it. Nothing may scroll sideways or stick out of the
 * screen, the Pix code wraps inside its box, and the main button spans the card. No server needed.
 */

const mails = sampleMails();
/** The five the issue names, and every other mail too. */
const named = [
  'reserva confirmada (cartão)',
  'Pix pendente',
  'cancelada pela clínica',
  'código de acesso',
  'repasse enviado',
];

interface Measures {
  viewport: number;
  scrollWidth: number;
  /** Elements whose box sticks out of the screen, or whose content overflows them. */
  outside: string[];
  overflowing: string[];
  content: number;
  button: { left: number; right: number; width: number } | null;
  copy: { left: number; right: number; scrollWidth: number; clientWidth: number } | null;
}

async function measure(page: Page): Promise<Measures> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className)}` : ''} «${(el.textContent ?? '').trim().slice(0, 40)}»`;
    const outside: string[] = [];
    const overflowing: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > viewport + 0.5) outside.push(describe(el));
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) overflowing.push(describe(el));
    }
    const body = document.querySelector('.mail-body')!;
    const style = getComputedStyle(body);
    const content =
      body.getBoundingClientRect().width -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    const a = document.querySelector('.mail-button');
    const c = document.querySelector('.mail-copy');
    return {
      viewport,
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      outside,
      overflowing,
      content,
      button: a ? (({ left, right, width }) => ({ left, right, width }))(a.getBoundingClientRect()) : null,
      copy: c
        ? {
            left: c.getBoundingClientRect().left,
            right: c.getBoundingClientRect().right,
            scrollWidth: c.scrollWidth,
            clientWidth: c.clientWidth,
          }
        : null,
    };
  });
}

async function checkAt(page: Page, sample: SampleMail, width: number) {
  await page.setContent(sample.mail.html, { waitUntil: 'domcontentloaded' });
  const m = await measure(page);
  expect(m.viewport, sample.name).toBe(width);
  expect(m.scrollWidth, `${sample.name}: rolagem lateral`).toBeLessThanOrEqual(width);
  expect(m.outside, `${sample.name}: fora da tela`).toEqual([]);
  expect(m.overflowing, `${sample.name}: texto cortado`).toEqual([]);
  if (sample.mail.html.includes('class="mail-button"')) {
    expect(m.button, sample.name).not.toBeNull();
    expect(m.button!.width, `${sample.name}: botão`).toBeGreaterThanOrEqual(0.9 * m.content);
    expect(m.button!.right).toBeLessThanOrEqual(width);
  }
  if (sample.name === 'Pix pendente') {
    expect(m.copy).not.toBeNull();
    expect(m.copy!.left).toBeGreaterThanOrEqual(0);
    expect(m.copy!.right).toBeLessThanOrEqual(width);
    expect(m.copy!.scrollWidth).toBeLessThanOrEqual(m.copy!.clientWidth);
  }
}

for (const width of [375, 360]) {
  test.describe(`mails at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test(`the issue's five mails read whole at ${width} px`, async ({ page }) => {
      for (const name of named) {
        const sample = mails.find((m) => m.name === name);
        expect(sample, name).toBeDefined();
        await checkAt(page, sample!, width);
        await keepScreen(page, {
          path: `test-results/screens/mail-${width}-${name.replace(/\W+/g, '-')}.png`,
          fullPage: true,
        });
      }
    });

    test(`every other mail reads whole at ${width} px`, async ({ page }) => {
      for (const sample of mails.filter((m) => !named.includes(m.name))) await checkAt(page, sample, width);
    });
  });
}
