import { bookingPanel, pickFreeDayAndHours } from './support/room-page.ts';
import { demo, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Every page of every role at phone, tablet and desktop widths (issue 15, docs/decisions/0016):
 * nothing scrolls sideways, and the floating help/chat buttons cover no button, link or field —
 * at the top of the page and scrolled to its end. One browser context per role; each page is
 * opened once and the window resized through the widths.
 */
const WIDTHS = [360, 390, 768, 800, 1024, 1366];
const HEIGHT = 800;

/**
 * A page, or a link to follow from a list page (its first match) for pages that need an id; a room
 * page can be looked at with a day and two hours picked (the card's and the bar's fullest state).
 */
type Visit = string | { from: string; link: RegExp; pickHours?: boolean };

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const roomPage: Visit = { from: '/rooms', link: new RegExp(`^/rooms/${uuid}`) };
const roomWithHours: Visit = { ...roomPage, pickHours: true };

const roles: { name: string; email?: string; pages: Visit[] }[] = [
  {
    name: 'visitor',
    pages: [
      '/',
      '/tests',
      '/rooms',
      roomPage,
      '/salas/sao-paulo',
      '/rooms/00000000-0000-4000-8000-000000000000',
      '/signin',
      '/signup',
      '/anuncie',
      '/forgot-password',
      '/privacidade',
      '/pagina-que-nao-existe',
    ],
  },
  {
    name: 'specialist',
    email: demo.specialist,
    pages: [
      '/especialista/salas',
      '/especialista/perfil',
      '/especialista/agendamentos',
      { from: '/especialista/agendamentos', link: new RegExp(`^/especialista/agendamentos/${uuid}$`) },
      roomPage,
      roomWithHours,
    ],
  },
  {
    name: 'partner',
    email: demo.partner,
    pages: [
      '/parceiro/gestao/agendamentos',
      '/parceiro/gestao/agendamentos?vista=dia',
      '/parceiro/gestao/agendamentos?vista=lista',
      '/parceiro/gestao/clinicas',
      { from: '/parceiro/gestao/clinicas', link: new RegExp(`^/parceiro/gestao/clinicas/${uuid}$`) },
      '/parceiro/gestao/salas',
      { from: '/parceiro/gestao/salas', link: new RegExp(`^/parceiro/gestao/salas/${uuid}$`) },
      '/parceiro/gestao/perfil',
      '/parceiro/configuracoes/dados-parceiro',
      '/parceiro/configuracoes/dados-bancarios',
      '/parceiro/configuracoes/dados-pagamento',
      '/parceiro/dashboard',
      '/parceiro/repasses',
    ],
  },
  {
    name: 'operator',
    email: demo.owner,
    pages: [
      '/admin/gestao/especialistas',
      { from: '/admin/gestao/especialistas', link: new RegExp(`^/admin/gestao/especialistas/${uuid}$`) },
      '/admin/gestao/salas',
      '/admin/gestao/parceiros',
      { from: '/admin/gestao/parceiros', link: new RegExp(`^/admin/gestao/parceiros/${uuid}$`) },
      '/admin/gestao/agendamentos',
      '/admin/gestao/diferenciais',
      '/admin/gestao/planos',
      '/admin/gestao/reservas',
      { from: '/admin/gestao/reservas', link: new RegExp(`^/admin/gestao/reservas/${uuid}$`) },
      '/admin/dashboard',
      '/admin/repasses',
      '/admin/conta',
    ],
  },
];

/** What is wrong with the page as drawn now: sideways overflow, controls under the floating buttons. */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    if (doc.scrollWidth > window.innerWidth) {
      // The outermost elements that stick out, to say what to fix.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      const wide = [...document.body.querySelectorAll('*')].filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el),
      );
      found.push(`scrolls sideways: ${doc.scrollWidth}px (${wide.slice(-3).map(name).join(', ')})`);
    }
    const controls =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]';
    /** The control's centre is under a floating button. */
    const covered = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
      return Boolean(document.elementFromPoint(x, y)?.closest('.salas-floating'));
    };
    const floating = document.querySelector('.salas-floating');
    /**
     * At the top, a control the buttons cover must come out from under them when the page is
     * scrolled (the page keeps room for them after its end); at the end nothing may be covered.
     */
    const check = (atEnd: boolean) => {
      for (const el of document.querySelectorAll(controls)) {
        if (el.closest('.salas-floating') || !covered(el)) continue;
        if (!atEnd && floating) {
          const start = window.scrollY;
          window.scrollBy(0, el.getBoundingClientRect().bottom - floating.getBoundingClientRect().top + 8);
          const still = covered(el);
          window.scrollTo(0, start);
          if (!still) continue;
        }
        found.push(`covered ${atEnd ? 'at the end' : 'and the page cannot scroll it free'}: ${name(el)}`);
      }
    };
    window.scrollTo(0, 0);
    check(false);
    window.scrollTo(0, doc.scrollHeight);
    check(true);
    window.scrollTo(0, 0);
    return found;
  });
}

/** Two frames and a moment: media queries answered, lists and charts redrawn at the new width. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(50);
}

async function open(page: Page, visit: Visit): Promise<string> {
  if (typeof visit === 'string') {
    await page.goto(visit);
  } else {
    await page.goto(visit.from);
    const link = page.locator('a[href]');
    await expect(async () => {
      const hrefs = await link.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
      expect(hrefs.some((h) => visit.link.test(h))).toBe(true);
    }).toPass();
    const hrefs = await link.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    await page.goto(hrefs.find((h) => visit.link.test(h))!);
  }
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Carregando...')).toHaveCount(0);
  if (typeof visit !== 'string' && visit.pickHours) {
    // Picked at full width in the card; the address keeps them through the narrower widths (bar).
    const card = await bookingPanel(page);
    await pickFreeDayAndHours(card, 2);
    await page.waitForLoadState('networkidle');
  }
  return new URL(page.url()).pathname;
}

for (const role of roles) {
  test(`${role.name}: no page scrolls sideways or hides a control under the floating buttons, 360–1366 px`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1366, height: HEIGHT } });
    const page = await context.newPage();
    if (role.email) await signInByApi(page, role.email);
    const failures: string[] = [];
    for (const visit of role.pages) {
      await page.setViewportSize({ width: 1366, height: HEIGHT });
      const path = await open(page, visit);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle(page);
        for (const problem of await problems(page)) failures.push(`${path} at ${width}px: ${problem}`);
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  });
}
