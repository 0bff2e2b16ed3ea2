import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/salas-e2e';
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}/mail`;

/**
 * Debian's headless build of Chromium (package chromium-headless-shell): the same engine as
 * /usr/bin/chromium without the windowing half, a quarter less time per journey on 2 cores
 * (docs/performance.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const chromiumLaunch = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // scripts/e2e.mjs runs the spec files in parts at once, each part with its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (the guided clinic set-up: six steps, axe and screenshots at two widths)
  // take 40–50 s on a 2-core machine; 60 s left them at the edge.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace of every journey (DOM snapshots and a screencast per action) cost a third
    // of the CPU; CI retries a failed journey once, and that retry is recorded.
    trace: 'on-first-retry',
    // A click waits for its element at most this long (an assertion waits 10 s): a journey stuck
    // on a control that never comes fails in half a minute, not at the end of its whole time.
    actionTimeout: 30_000,
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /mobile\..*spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    {
      name: 'mobile',
      testMatch: /mobile\..*spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    // A fresh embedded database with the demo data on every run.
    command: `rm -rf ${E2E_DATA_DIR} && node dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // Seeding the demo takes ~10 s alone, several times that on a machine busy with other work.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      MAIL_DIR: E2E_MAIL_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Journeys never reach the network: no address is sent to Nominatim (the demo is placed already).
      GEOCODER_URL: 'off',
    },
  },
});
