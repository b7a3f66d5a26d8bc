import { chromium } from 'playwright-core';
import { startServer } from './support.mjs';
const server = await startServer({ SEED: 'demo', RATE_LIMITS: 'off' });
const route = process.env.ROUTE ?? '/stage-designer';
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  for (let i = 0; i < Number(process.env.N ?? 3); i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const out = `/tmp/prof-${i}.json`;
    await browser.startTracing(page, { path: out, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'] });
    await page.goto(server.url + route);
    await page.waitForTimeout(5000);
    await browser.stopTracing();
    await context.close();
  }
  await browser.close();
} finally { await server.stop(); }
