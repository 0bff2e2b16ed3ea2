// Screenshot of a page in Debian's Chromium: node scripts/screenshot.mjs <url> <out.png> [width] [height]
import { chromium } from '@playwright/test';

const [, , url, out, w = '1280', h = '900'] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) }, locale: 'pt-BR' });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
