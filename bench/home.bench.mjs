// Lighthouse (mobile) on the built home page, served by the real server on its own port.
// Prints the four category scores, LCP, and the gzip size of the JavaScript the page loads.
// Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100, LCP ≤ 1.5 s,
// JavaScript ≤ 150 KB gzip. It asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3795);
const url = `http://127.0.0.1:${port}/`;

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('build failed');
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-home-'));
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dataDir, 'club.db')}`,
    MAIL_OUTBOX: path.join(dataDir, 'outbox'),
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let chrome;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  console.log(`performance     ${score('performance')}`);
  console.log(`accessibility   ${score('accessibility')}`);
  console.log(`best practices  ${score('best-practices')}`);
  console.log(`seo             ${score('seo')}`);
  console.log(`LCP             ${(audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)} s`);
  console.log(`FCP             ${(audits['first-contentful-paint'].numericValue / 1000).toFixed(2)} s`);
  console.log(`TBT             ${Math.round(audits['total-blocking-time'].numericValue)} ms`);
  console.log(`CLS             ${audits['cumulative-layout-shift'].numericValue.toFixed(3)}`);
  const lcpElement = JSON.stringify(audits['largest-contentful-paint-element']?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  if (lcpElement) console.log(`LCP element     ${lcpElement[1].slice(0, 120)}`);
  const chain = audits['critical-request-chains']?.details?.longestChain;
  if (chain) console.log(`longest critical chain: ${chain.length} requests, ${Math.round(chain.duration)} ms`);

  // Every script the page loaded, gzipped here from the build (the wire may carry brotli).
  const scripts = audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
  let gzipTotal = 0;
  let wireTotal = 0;
  for (const item of scripts) {
    const file = path.join(root, 'web/dist', new URL(item.url).pathname);
    const gz = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipTotal += gz;
    wireTotal += item.transferSize ?? 0;
    console.log(`  script ${new URL(item.url).pathname}  ${(gz / 1024).toFixed(1)} KB gzip`);
  }
  console.log(`JavaScript      ${(gzipTotal / 1024).toFixed(1)} KB gzip in ${scripts.length} files (${(wireTotal / 1024).toFixed(1)} KB on the wire)`);
  for (const audit of ['errors-in-console', 'render-blocking-resources', 'unused-css-rules']) {
    const a = audits[audit];
    if (a && a.score !== null && a.score < 1) console.log(`note: ${audit}: ${a.displayValue ?? a.title}`);
  }
  for (const [id, category] of Object.entries(categories)) {
    for (const ref of category.auditRefs) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1 && id !== 'performance') console.log(`  ${id}: ${ref.id} (${a.title})`);
    }
  }
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
