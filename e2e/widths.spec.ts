import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { bookingPanel, pickFreeDayAndHours } from './support/room-page.ts';
import { demo, signInByApi } from './support/session.ts';
import { type BrowserContext, expect, type Page, test } from './support/test.ts';

/**
 * Every page of every role at phone, tablet and desktop widths (issue 15, docs/decisions/0016;
 * issue 42): nothing scrolls sideways; no text is cut off or drawn over by another element; the
 * floating help/chat buttons cover no button, link, field or text (a price, an hour) — at the end
 * of the page, nor at its top in a way scrolling cannot free; and axe's landmark rules hold (all
 * content in a landmark, one banner, one contentinfo), a dialog open included. One browser context
 * per role; each page is opened once and the window resized through the widths.
 */
const WIDTHS = [360, 390, 768, 800, 1024, 1366];
const HEIGHT = 800;

/**
 * A page, or a link to follow from a list page (its first match) for pages that need an id; a room
 * page can be looked at with a day and two hours picked (the card's and the bar's fullest state);
 * `dialog` opens a dialog on the page, looked at (landmarks) and closed again.
 */
type Visit =
  | string
  | { from: string; link?: RegExp; pickHours?: boolean; dialog?: (page: Page) => Promise<void> };

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const roomPage: Visit = { from: '/rooms', link: new RegExp(`^/rooms/${uuid}`) };
const roomWithHours: Visit = { ...roomPage, pickHours: true };

/** The confirmation dialog of a booking's "Cancelar" (a modal of @mantine/modals, title and all). */
const cancelDialog: Visit = {
  from: '/especialista/agendamentos',
  dialog: async (page) => {
    await page
      .getByRole('button', { name: /^Cancelar a reserva:/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
};

/**
 * The specialist's list as the server answers it, but its first booking held on one day in three
 * stretches (08:00–09:00, 10:00–11:00, 14:00–15:00) and waiting for payment, the widest badge: a
 * card's longest hour line beside its widest badge, which the demo's bookings do not have. Every
 * other field is the server's.
 */
async function longestHourLine(context: BrowserContext) {
  await context.route(/\/api\/customer\/bookings\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { kind: string; status: string; appointments: { date_time: string; ends_at: string }[] }[];
    };
    const row = body.data.find((r) => r.kind === 'booking' && r.appointments.length > 0);
    if (row) {
      const first = row.appointments[0]!;
      const day = first.date_time.slice(0, 10);
      const offset = first.date_time.slice(19);
      row.status = 'pending_payment';
      row.appointments = ['08', '10', '14'].map((h) => ({
        ...first,
        uuid: randomUUID(),
        date_time: `${day}T${h}:00:00${offset}`,
        ends_at: `${day}T${String(Number(h) + 1).padStart(2, '0')}:00:00${offset}`,
      }));
    }
    await route.fulfill({ response, json: body });
  });
}

const roles: {
  name: string;
  email?: string;
  pages: Visit[];
  /** Changes the role's context before its pages open. */
  prepare?: (context: BrowserContext) => Promise<void>;
}[] = [
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
    prepare: longestHourLine,
    pages: [
      '/especialista/salas',
      '/especialista/perfil',
      '/especialista/agendamentos',
      cancelDialog,
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

/**
 * What is wrong with the page as drawn now: sideways overflow; a text cut off or drawn over; a
 * control, or the words of a text (a price, an hour), under the floating buttons.
 */
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
    /**
     * Words cut off: a text's line runs under another element drawn over it (a badge) or past the
     * edge of a box that hides what overflows — unless it ends in "…" by design (text-overflow),
     * is hidden on purpose (visually hidden, for screen readers), or something fixed or sticky
     * passes over it as the page scrolls.
     */
    const said = new Set<Element>();
    const cut = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || said.has(el) || !node.textContent?.trim() || el.closest('.salas-floating, script, style'))
          continue;
        if (getComputedStyle(el).textOverflow === 'ellipsis') continue;
        /**
         * The boxes that cut what overflows them, up to the nearest that scrolls sideways (else the
         * window's width too); none if one hides the text on purpose.
         */
        const clips: { left: number; right: number }[] = [];
        let onPurpose = false;
        let scrolls = false;
        for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          const box = p.getBoundingClientRect();
          if (style.clip !== 'auto' || style.clipPath !== 'none' || box.width <= 1 || box.height <= 1) {
            onPurpose = true;
            break;
          }
          if (['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis')
            clips.push(box);
          // A box that scrolls sideways shows its content in part by design; what holds it is
          // judged on its own.
          if (['auto', 'scroll'].includes(style.overflowX)) {
            scrolls = true;
            break;
          }
        }
        if (onPurpose) continue;
        if (!scrolls) clips.push({ left: 0, right: window.innerWidth });
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          if (box.width < 2 || box.height < 2) continue;
          // Partly: a text wholly outside is put away on purpose (a skip link until focused).
          const clipped = clips.some(
            (c) =>
              (box.left < c.left - 1 && box.right > c.left) ||
              (box.right > c.right + 1 && box.left < c.right),
          );
          const y = box.top + box.height / 2;
          // Both ends of the line and every 16 px between.
          const xs = [box.left + 1, box.right - 1];
          for (let x = box.left + 16; x < box.right - 1; x += 16) xs.push(x);
          const covered =
            y >= 0 &&
            y < window.innerHeight &&
            xs.some((x) => {
              if (x < 0 || x >= window.innerWidth) return false;
              const hit = document.elementFromPoint(x, y);
              // Its own element, a part of it, or a box around it (hit tests at a glyph's very edge
              // may answer the parent): not covered.
              if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return false;
              // An invisible control laid over its own label (a switch's checkbox) hides nothing.
              if (getComputedStyle(hit).opacity === '0') return false;
              // Something fixed or sticky over it: where the page is scrolled, not how it is laid out.
              for (let p: Element | null = hit; p && !p.contains(el); p = p.parentElement) {
                if (['fixed', 'sticky'].includes(getComputedStyle(p).position)) return false;
              }
              return true;
            });
          if (clipped || covered) {
            said.add(el);
            found.push(`text ${clipped ? 'cut' : 'covered'}: ${name(el)}`);
            break;
          }
        }
      }
    };
    const floating = document.querySelector<HTMLElement>('.salas-floating');
    if (floating) floating.style.visibility = 'hidden';
    // What is drawn over a text is seen in the window: at the top and at the end of the page.
    window.scrollTo(0, 0);
    cut();
    window.scrollTo(0, doc.scrollHeight);
    cut();
    window.scrollTo(0, 0);
    if (floating) floating.style.visibility = '';
    if (!floating) return found;
    const controls =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]';
    /** What must stay in sight: each control's box, each text's own lines (not its block's width). */
    const targets: { el: Element; boxes: () => DOMRect[] }[] = [];
    for (const el of document.querySelectorAll(controls)) {
      if (!floating.contains(el)) targets.push({ el, boxes: () => [el.getBoundingClientRect()] });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || floating.contains(el) || el.closest('script, style')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      targets.push({ el: el.closest(controls) ?? el, boxes: () => [...range.getClientRects()] });
    }
    /** The round buttons, measured where they are drawn. */
    const circles = [...floating.querySelectorAll('.salas-floating-button')]
      .map((b) => b.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 }));
    if (circles.length === 0) return found;
    const top = Math.min(...circles.map((c) => c.y - c.r));
    /**
     * Some point of the target inside a button's circle shows the target once the buttons are not
     * drawn (so nothing clipped away or behind a dialog counts): the point of each box nearest
     * each button's centre, 1 px inside the box.
     */
    const covered = (target: (typeof targets)[number]) =>
      target.boxes().some((box) => {
        if (box.width < 1 || box.height < 1) return false;
        return circles.some((c) => {
          const x = Math.min(Math.max(c.x, box.left + 1), box.right - 1);
          const y = Math.min(Math.max(c.y, box.top + 1), box.bottom - 1);
          if (Math.hypot(x - c.x, y - c.y) >= c.r - 1) return false;
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
          const hit = document.elementFromPoint(x, y);
          return Boolean(hit && (hit === target.el || target.el.contains(hit) || hit.contains(target.el)));
        });
      });
    /**
     * At the top, what the buttons cover must come out from under them when the page is scrolled
     * (the page keeps room for them after its end); at the end nothing may be covered.
     */
    const check = (atEnd: boolean) => {
      const said = new Set<Element>();
      for (const target of targets) {
        if (said.has(target.el) || !covered(target)) continue;
        if (!atEnd) {
          const start = window.scrollY;
          window.scrollBy(0, Math.max(...target.boxes().map((b) => b.bottom)) - top + 8);
          const still = covered(target);
          window.scrollTo(0, start);
          if (!still) continue;
        }
        said.add(target.el);
        found.push(
          `covered ${atEnd ? 'at the end' : 'and the page cannot scroll it free'}: ${name(target.el)}`,
        );
      }
    };
    // Hidden (its place kept) while the page is looked at under it.
    floating.style.visibility = 'hidden';
    try {
      window.scrollTo(0, 0);
      check(false);
      window.scrollTo(0, doc.scrollHeight);
      check(true);
    } finally {
      window.scrollTo(0, 0);
      floating.style.visibility = '';
    }
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

/**
 * axe itself (the build @axe-core/playwright uses), put into the page and run with these rules only:
 * AxeBuilder spends most of a second on each call (it opens a page of its own to merge the frames'
 * results); this takes a fifth of that, which across every page of every role keeps the journey
 * short (~0.2 s a page).
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);
const LANDMARK_RULES = [
  'region',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'landmark-complementary-is-top-level',
];

/** axe's landmark rules: all content in a landmark, one banner, one contentinfo, names unique. */
async function landmarks(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'rule', values: rules },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, LANDMARK_RULES);
}

async function open(page: Page, visit: Visit): Promise<string> {
  if (typeof visit === 'string') {
    await page.goto(visit);
  } else if (!visit.link) {
    await page.goto(visit.from);
  } else {
    const pattern = visit.link;
    await page.goto(visit.from);
    const link = page.locator('a[href]');
    await expect(async () => {
      const hrefs = await link.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
      expect(hrefs.some((h) => pattern.test(h))).toBe(true);
    }).toPass();
    const hrefs = await link.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    await page.goto(hrefs.find((h) => pattern.test(h))!);
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
  test(`${role.name}: no page scrolls sideways, cuts a text or hides one under the floating buttons, 360–1366 px`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1366, height: HEIGHT } });
    await role.prepare?.(context);
    const page = await context.newPage();
    if (role.email) await signInByApi(page, role.email);
    const failures: string[] = [];
    for (const visit of role.pages) {
      await page.setViewportSize({ width: 1366, height: HEIGHT });
      const path = await open(page, visit);
      if (typeof visit !== 'string' && visit.dialog) {
        // The page with the dialog open: axe's landmark rules (its title row no second banner).
        await visit.dialog(page);
        for (const problem of await landmarks(page)) failures.push(`${path} with a dialog open: ${problem}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        continue;
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle(page);
        for (const problem of await problems(page)) failures.push(`${path} at ${width}px: ${problem}`);
        // Once per page, at a phone's width (the header's narrow parts drawn).
        if (width === 390)
          for (const problem of await landmarks(page)) failures.push(`${path} at ${width}px: ${problem}`);
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  });
}
