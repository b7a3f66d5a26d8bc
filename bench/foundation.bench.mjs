// Foundation figures: server start to a healthy /api/health/, idle memory, and the gzip size
// of the JavaScript the home page loads. Targets: start ≤ 1.5 s, idle RSS ≤ 120 MB,
// home page JavaScript ≤ 150 KB gzip. Prints figures; asserts nothing.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, ensureBuilt, rssMb, startServer, stats } from './support.mjs';

ensureBuilt();

const fresh = [];
const existing = [];
let idleRss = 0;
for (let i = 0; i < 5; i++) {
  const first = await startServer({ SEED: 'demo' });
  fresh.push(first.startMs);
  await first.stop();
  const again = await startServer({ DATA_DIR: first.dir, SEED: 'demo' });
  existing.push(again.startMs);
  if (i === 4) {
    await new Promise((r) => setTimeout(r, 3000));
    idleRss = rssMb(again.pid);
  }
  await again.stop();
}
const f = stats(fresh);
const e = stats(existing);
console.log(`server start to healthy, new database (migrate + demo seed): median ${f.median.toFixed(0)} ms, max ${f.max.toFixed(0)} ms`);
console.log(`server start to healthy, existing database:                  median ${e.median.toFixed(0)} ms, max ${e.max.toFixed(0)} ms  (target ≤ 1500 ms)`);
console.log(`idle resident memory after start:                            ${idleRss.toFixed(1)} MB  (target ≤ 120 MB)`);

const server = await startServer({ SEED: 'demo' });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script') {
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), body);
    }
  });
  await page.goto(server.url + '/', { waitUntil: 'networkidle' });
  let raw = 0;
  let gzip = 0;
  for (const [url, body] of scripts) {
    const size = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += size;
    console.log(`  ${new URL(url).pathname.padEnd(48)} ${(body.length / 1024).toFixed(1).padStart(7)} KB  ${(size / 1024).toFixed(1).padStart(6)} KB gzip`);
  }
  console.log(`home page JavaScript: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip  (target ≤ 150 KB gzip)`);
} finally {
  await browser.close();
  await server.stop();
}
