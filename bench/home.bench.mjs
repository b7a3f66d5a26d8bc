// Lighthouse (mobile, its default simulated throttling) on the built home page, served by the
// real server with the demo club, in the test Chromium. Lighthouse varies from run to run, so
// it runs BENCH_RUNS times (5 unless told), prints every run, and then the median run (by
// performance score) in detail: the four category scores, the metrics, the LCP element and the
// JavaScript the page loads. Targets: performance ≥ 95, accessibility 100, best practices ≥ 95,
// SEO 100, LCP ≤ 1.5 s, JavaScript ≤ 150 KB gzip. It asserts nothing.
// BENCH_SKIP_BUILD=1 uses the build as it is; BENCH_LHR_OUT=path keeps the median run's report.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath, lighthouseChromeFlags, root, startServer } from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('build failed');
}

const server = await startServer({ SEED: 'demo', RATE_LIMITS: 'off' });
const url = `${server.url}/`;

/** One Lighthouse run in a fresh browser; null when Lighthouse itself failed to measure. */
async function measure() {
  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: lighthouseChromeFlags(),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      console.log(`  run failed to measure: ${lhr.runtimeError.code}`);
      return null;
    }
    return lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id].numericValue;
const summary = (lhr) =>
  `performance ${score(lhr, 'performance')}  LCP ${(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s` +
  `  FCP ${(metric(lhr, 'first-contentful-paint') / 1000).toFixed(2)} s` +
  `  TBT ${Math.round(metric(lhr, 'total-blocking-time'))} ms  CLS ${metric(lhr, 'cumulative-layout-shift').toFixed(3)}`;

try {
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const lhr = await measure();
    if (!lhr) continue;
    console.log(`run ${i}: ${summary(lhr)}`);
    runs.push(lhr);
  }
  if (runs.length === 0) throw new Error('no Lighthouse run measured the page');
  const sorted = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (process.env.BENCH_LHR_OUT) writeFileSync(process.env.BENCH_LHR_OUT, JSON.stringify(median));

  const { audits, categories } = median;
  const lcps = runs.map((lhr) => metric(lhr, 'largest-contentful-paint')).sort((a, b) => a - b);
  console.log(`\nmedian of ${runs.length} runs (by performance score):`);
  console.log(`performance     ${score(median, 'performance')} (runs: ${sorted.map((lhr) => score(lhr, 'performance')).join(', ')})`);
  console.log(`accessibility   ${score(median, 'accessibility')}`);
  console.log(`best practices  ${score(median, 'best-practices')}`);
  console.log(`seo             ${score(median, 'seo')}`);
  console.log(`LCP             ${(metric(median, 'largest-contentful-paint') / 1000).toFixed(2)} s (median LCP of all runs ${(lcps[Math.floor((lcps.length - 1) / 2)] / 1000).toFixed(2)} s)`);
  console.log(`FCP             ${(metric(median, 'first-contentful-paint') / 1000).toFixed(2)} s`);
  console.log(`TBT             ${Math.round(metric(median, 'total-blocking-time'))} ms`);
  console.log(`CLS             ${metric(median, 'cumulative-layout-shift').toFixed(3)}`);
  const lcpElement = JSON.stringify(audits['largest-contentful-paint-element']?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  if (lcpElement) console.log(`LCP element     ${lcpElement[1].slice(0, 120)}`);

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
  await server.stop();
}
