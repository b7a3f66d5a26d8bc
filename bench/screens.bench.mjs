// Lighthouse (mobile, its default simulated throttling) on every screen of the built site,
// served by the real server with the demo club, in the test Chromium: each route BENCH_RUNS
// times (5 unless told), each run in a fresh browser, then per route the median of the runs of
// each figure: performance, accessibility, best practices, SEO, LCP, CLS, the JavaScript the
// page had loaded before its first paint and the CSS that paint waits for (gzip). Signed-in routes
// run with a member's session stored in the browser first, as the web app keeps it.
// Targets (issue 16): performance ≥ 95, accessibility, best practices and SEO 100, LCP ≤ 1.5 s,
// CLS ≤ 0.05, JavaScript ≤ 150 KB gzip before first paint. It asserts nothing.
// BENCH_SKIP_BUILD=1 uses the build as it is (WEB_DIST=folder: that build, not web/dist); BENCH_LHR_OUT=path keeps the last run's report and BENCH_TRACE_OUT=path its trace; BENCH_ROUTES=/login,/calendar runs only those
// (a signed-in route is written `member:/calendar`; `staff:` signs in a staff user, and `{match}`
// stands for a match of two stages and eight competitors the bench makes first, `{results}` for
// another, every run scored and its results published; `{news}` for a news item the bench
// publishes before measuring anything, with a second one, so home shows its news as a club's does).
// Figures that travel from one machine to the next: beside each run it prints Lighthouse's
// benchmarkIndex (the LHR's environment), the load average (1 min) before and after the run,
// and the main-thread time of the page's own scripts (same origin) as observed in the trace:
// Lighthouse's bootup-time audit scales its "scripting" and "parse/compile" columns by the
// simulated CPU slowdown (4×), so the bench divides them back; bootup-time lists only scripts
// whose scaled total reaches 50 ms. Two ratios compare machines: TBT × benchmarkIndex / 1000 (the
// TBT a machine of index 1000 would show, if blocking time scales inversely with the index)
// and observed script milliseconds per KB gzip of own scripts loaded. The browser is Debian's
// Chromium where installed, else the npm package's (CHROMIUM_PATH=… chooses): the first line of
// the output names it, and figures compare only within one build. On one machine, one build of
// the site, Debian's 156 gave TBT several times that of the package's 140 (the home page, three
// runs each: median 423 ms against 56, with 39 and 23 ms of our scripts): its own style, layout,
// compositing and first `Intl` format ran two to several times slower.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { chromiumPath, lighthouseChromeFlags, root, startServer } from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const siteSettings = JSON.parse(
  readFileSync(path.join(root, 'packages/contract/site-settings.json'), 'utf8'),
);
const ALL_ROUTES = [
  '/',
  ...siteSettings.team.map((member) => `/team/${member.slug}`),
  '/login',
  '/register',
  '/forgoten',
  '/terms',
  '/privacy',
  '/calendar',
  '/stage-designer',
  '/dry-training',
  '/stages',
  'member:/calendar',
  'member:/my-registrations',
  'member:/user-profile',
  'member:/change-password',
  'member:/training',
  // The range officer's scoring screen of a match the bench makes (issue "Match day": ≥ 95).
  'staff:/match/{match}/score',
  // A visitor reading the published results of another (eight shooters, two stages, scored).
  '/match/{results}/results',
  // A news item's own page (the bench publishes two items first, so home shows its news too).
  '/news/{news}/en',
];
// WEB_DIST (which the server reads too) measures another build than web/dist, e.g. a copy kept
// from before a change, so two builds can be run one after the other on the same machine.
const webDist = process.env.WEB_DIST ?? path.join(root, 'web/dist');
const routes = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : ALL_ROUTES;

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('build failed');
}

const server = await startServer({ SEED: 'demo', RATE_LIMITS: 'off' });

/** A member made through the operator CLI, signed in through the API: the session the app stores. */
async function memberSession(staff = false) {
  const id = randomBytes(4).toString('hex');
  const login = `bench.${id}`;
  const password = `Secret${id}9`;
  execFileSync(
    process.execPath,
    [
      path.join(root, 'server/dist/cli.js'),
      'user:create',
      ...['--login', login, '--password', password, '--email', `${login}@club.test`],
      ...[
        '--nombre',
        'Ana',
        '--apellidos',
        `Banco ${id}`,
        '--mobil',
        '612345678',
        '--nacimiento',
        '1985-05-20',
      ],
      ...(staff ? ['--staff'] : []),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(server.dir, 'club.db')}`,
        LOG_LEVEL: 'silent',
      },
      stdio: 'pipe',
    },
  );
  // The login call needs the XSRF cookie and header, as the web app sends them.
  const first = await fetch(`${server.url}/api/health/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
  const response = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ login, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const session = await response.json();
  return { token: session.token, uuid: session.user.uuid };
}

/** A social shoot two weeks ahead made into a match (two stages, one squad, eight guests); its uuid. */
/** A match the bench makes (see below); `published`: every run scored and the results published. */
async function benchMatch(session, { published = false } = {}) {
  const first = await fetch(`${server.url}/api/health/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  const call = async (method, url, body) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
        authorization: `Token ${session.token}`,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const [event] = await call('POST', '/api/admin/events/', {
    type: 3,
    start: `${day} 09:00:00`,
    end: `${day} 14:00:00`,
    evento: 'Bench match',
    plazas: 30,
    status: 2,
  });
  const matchBody = {
    name: 'Bench match',
    scoring: 'ipsc',
    published: false,
    stages: [
      { number: 1, name: 'Stage one', minRounds: 12 },
      { number: 2, name: 'Stage two', minRounds: 8 },
    ],
    squads: [{ number: 1, capacity: 10 }],
  };
  await call('PUT', `/api/admin/events/${event.uuid}/match/`, matchBody);
  for (let i = 1; i <= 8; i++) {
    await call('POST', `/api/admin/events/${event.uuid}/match/competitors/`, {
      nombre: `Guest ${i}`,
      apellidos: 'Bench',
      division: 1 + (i % 4),
      factor: 1,
      squad: 1,
    });
  }
  if (published) {
    const competitors = await call('GET', `/api/events/${event.uuid}/match/competitors/`);
    for (const [i, competitor] of competitors.entries()) {
      for (const stage of [1, 2]) {
        await call('PUT', `/api/events/${event.uuid}/match/stages/${stage}/scores/${competitor.id}/`, {
          a: 2 + (i % 3),
          c: 1 + (i % 2),
          d: i % 2,
          m: i % 4 === 0 ? 1 : 0,
          ns: 0,
          procedurals: 0,
          time: 9.5 + i * 0.73 + stage,
          dnf: false,
          clientId: randomUUID(),
          basedOn: null,
        });
      }
    }
    await call('PUT', `/api/admin/events/${event.uuid}/match/`, { ...matchBody, published: true });
  }
  return event.uuid;
}

/**
 * Two news items in three languages, published as staff publish them (one pinned): a club's home
 * page shows its latest news, and each item has its own page. Answers the pinned item's id.
 */
async function benchNews(session) {
  const first = await fetch(`${server.url}/api/health/`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  const headers = {
    'content-type': 'application/json',
    'x-xsrf-token': xsrf,
    cookie: `XSRF-TOKEN=${xsrf}`,
    authorization: `Token ${session.token}`,
  };
  const content = await (await fetch(`${server.url}/api/admin/content/`, { headers })).json();
  const paragraph = {
    es: 'Seis sesiones de **dos horas** con un instructor: seguridad, posición, desenfunde y recargas. Plazas limitadas; [inscríbete en el calendario](/calendar).',
    ca: 'Sis sessions de **dues hores** amb un instructor: seguretat, posició, desenfunda i recàrregues. Places limitades; [inscriu-te al calendari](/calendar).',
    en: 'Six **two-hour** sessions with an instructor: safety, stance, draw and reloads. Places are limited; [sign up in the calendar](/calendar).',
  };
  const items = [
    {
      id: 'beginners-course',
      title: { es: 'Curso de iniciación en enero', ca: "Curs d'iniciació al gener", en: 'Beginners’ course in January' },
      body: { es: `${paragraph.es}\n\n- Material incluido\n- Seguro del día`, ca: `${paragraph.ca}\n\n- Material inclòs\n- Assegurança del dia`, en: `${paragraph.en}\n\n- Equipment included\n- Insurance for the day` },
      publishAt: new Date(Date.now() - 86_400_000).toISOString(),
      pinned: true,
    },
    {
      id: 'social-shoot-results',
      title: { es: 'Resultados de la tirada social', ca: 'Resultats de la tirada social', en: 'Social shoot results' },
      body: paragraph,
      publishAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      pinned: false,
    },
  ];
  const response = await fetch(`${server.url}/api/admin/content/news/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ items, version: content.version }),
  });
  if (!response.ok) throw new Error(`PUT news: ${response.status} ${await response.text()}`);
  return items[0].id;
}

/** One Lighthouse run in a fresh browser; null when Lighthouse itself failed to measure. */
async function measure(url, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: lighthouseChromeFlags(),
  });
  try {
    if (session) {
      // The session goes into the origin's storage first; Lighthouse then keeps the storage
      // (the browser is fresh, so nothing else is cached).
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${server.url}/api/health/`);
      await page.evaluate(({ token, uuid }) => {
        localStorage.setItem('ipsc-club.token', token);
        localStorage.setItem('ipsc-club.uuid', uuid);
      }, session);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(session),
    });
    const lhr = result.lhr;
    if (process.env.BENCH_LHR_OUT) writeFileSync(process.env.BENCH_LHR_OUT, JSON.stringify(lhr));
    // The page's trace as Lighthouse recorded it (unthrottled: the figures scale it), to see
    // what each long task was made of.
    if (process.env.BENCH_TRACE_OUT) writeFileSync(process.env.BENCH_TRACE_OUT, JSON.stringify(result.artifacts.Trace ?? result.artifacts.traces?.defaultPass));
    if (lhr.runtimeError) {
      console.log(`  run failed to measure: ${lhr.runtimeError.code}`);
      return null;
    }
    if (metric(lhr, 'cumulative-layout-shift') > 0) reportShifts(url, lhr, result.artifacts.Trace ?? result.artifacts.traces?.defaultPass);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * A run whose page moved (rarely, and not on every run: the next run of the same page may not)
 * says when and what: each shift's time from the navigation, beside the first paint, the nodes
 * Lighthouse names and the rectangles the trace gives (before → after), and where its report and
 * trace are kept.
 */
function reportShifts(url, lhr, trace) {
  const observed = lhr.audits.metrics.details.items[0];
  const start = observed.observedNavigationStartTs;
  const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  const stem = path.join(os.tmpdir(), `bench-shift-${page}-${Date.now()}`);
  writeFileSync(`${stem}.lhr.json`, JSON.stringify(lhr));
  if (trace) writeFileSync(`${stem}.trace.json`, JSON.stringify(trace));
  console.log(`  the page moved (first paint at ${Math.round(observed.observedFirstContentfulPaint)} ms, observed); report and trace: ${stem}.*`);
  for (const item of lhr.audits['layout-shifts']?.details?.items ?? []) {
    console.log(`    ${item.node?.selector ?? '?'}: ${item.score.toFixed(3)}`);
  }
  for (const event of trace?.traceEvents ?? []) {
    const data = event.name === 'LayoutShift' ? event.args?.data : undefined;
    if (!data) continue;
    const rects = (data.impacted_nodes ?? []).map((n) => `${JSON.stringify(n.old_rect)}→${JSON.stringify(n.new_rect)}`);
    console.log(
      `    at ${((event.ts - start) / 1000).toFixed(0)} ms: ${Number(data.score).toFixed(3)}` +
        `${data.had_recent_input ? ' (after input)' : ''} ${rects.join(' ')}`,
    );
  }
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id].numericValue;

/**
 * JavaScript (gzip, from the build) whose download ended before the first paint, as observed, and
 * the CSS the first paint waits for: the document's inline style rules and the stylesheets its
 * HTML links (render-blocking), gzip. Stylesheets a drawn page loads later, without blocking, may
 * end before the first paint too; they are not counted.
 */
function beforeFirstPaint(lhr, html) {
  const fcp = lhr.audits.metrics.details.items[0].observedFirstContentfulPaint;
  const gz = (content) => gzipSync(content, { level: 9 }).length;
  let js = 0;
  for (const item of lhr.audits['network-requests'].details.items) {
    if (item.resourceType !== 'Script' || item.networkEndTime > fcp) continue;
    const file = path.join(webDist, new URL(item.url).pathname);
    if (existsSync(file)) js += gz(readFileSync(file));
  }
  const head = html.slice(0, html.indexOf('</head>'));
  let css = gz([...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join(''));
  for (const [, href] of head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    css += gz(readFileSync(path.join(webDist, href)));
  }
  return { js: js / 1024, css: css / 1024 };
}

/** The 1-minute load average, two decimals. */
const load1 = () => os.loadavg()[0];

/**
 * Main-thread time of the page's own scripts (same origin as the page) as observed in the
 * trace, unscaled: bootup-time's scripting and parse/compile divided by the simulated CPU
 * slowdown. And the gzip KB of every own script the page loaded.
 */
function ownScripts(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).origin;
  const own = (url) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  const multiplier =
    lhr.configSettings.throttlingMethod === 'simulate' ? lhr.configSettings.throttling.cpuSlowdownMultiplier : 1;
  let scriptMs = 0;
  for (const item of lhr.audits['bootup-time'].details?.items ?? []) {
    if (own(item.url)) scriptMs += (item.scripting + item.scriptParseCompile) / multiplier;
  }
  let kb = 0;
  for (const item of lhr.audits['network-requests'].details.items) {
    if (item.resourceType !== 'Script' || !own(item.url)) continue;
    const file = path.join(webDist, new URL(item.url).pathname);
    if (existsSync(file)) kb += gzipSync(readFileSync(file), { level: 9 }).length / 1024;
  }
  return { scriptMs, kb, multiplier };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
    `load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')} (1, 5, 15 min) at the start`,
);
let environmentShown = false;
try {
  let session;
  const rows = [];
  let staffSession;
  let matchUuid;
  let resultsUuid;
  // Published before any page is measured: home then shows the news a club's home shows.
  const newsId = await benchNews((staffSession ??= await memberSession(true)));
  for (const route of routes) {
    const asStaff = route.startsWith('staff:');
    const signedIn = asStaff || route.startsWith('member:');
    let pathname = signedIn ? route.slice(route.indexOf(':') + 1) : route;
    if (asStaff) staffSession ??= await memberSession(true);
    else if (signedIn) session ??= await memberSession();
    if (pathname.includes('{match}')) {
      matchUuid ??= await benchMatch(staffSession ?? (await memberSession(true)));
      pathname = pathname.replace('{match}', matchUuid);
    }
    pathname = pathname.replace('{news}', newsId);
    if (pathname.includes('{results}')) {
      resultsUuid ??= await benchMatch((staffSession ??= await memberSession(true)), { published: true });
      pathname = pathname.replace('{results}', resultsUuid);
    }
    // The document as the browser gets it (Lighthouse's Chromium asks for English).
    const html = await (
      await fetch(`${server.url}${pathname}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    ).text();
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const loadBefore = load1();
      const lhr = await measure(`${server.url}${pathname}`, asStaff ? staffSession : signedIn ? session : undefined);
      const loadAfter = load1();
      if (!lhr) continue;
      if (!environmentShown) {
        environmentShown = true;
        const chromium = /Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? '?';
        console.log(
          `Lighthouse ${lhr.lighthouseVersion}, Chromium ${chromium} (${await chromiumPath()}), ` +
            `simulated CPU slowdown ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×`,
        );
      }
      const before = beforeFirstPaint(lhr, html);
      const scripts = ownScripts(lhr);
      const run = {
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        lcp: metric(lhr, 'largest-contentful-paint') / 1000,
        cls: metric(lhr, 'cumulative-layout-shift'),
        fcp: metric(lhr, 'first-contentful-paint') / 1000,
        tbt: metric(lhr, 'total-blocking-time'),
        js: before.js,
        css: before.css,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        loadBefore,
        loadAfter,
        scriptMs: scripts.scriptMs,
        scriptKb: scripts.kb,
        tbtAt1000: (metric(lhr, 'total-blocking-time') * lhr.environment.benchmarkIndex) / 1000,
        msPerKb: scripts.kb > 0 ? scripts.scriptMs / scripts.kb : 0,
        losses: Object.entries(lhr.categories)
          .filter(([id]) => id !== 'performance')
          .flatMap(([, category]) => category.auditRefs)
          .filter(
            (ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1,
          )
          .map((ref) => ref.id),
      };
      console.log(
        `${route} run ${i}: performance ${run.performance}  FCP ${run.fcp.toFixed(2)} s  LCP ${run.lcp.toFixed(2)} s` +
          `  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}` +
          `  a11y ${run.accessibility}  bp ${run.bestPractices}  seo ${run.seo}  JS ${run.js.toFixed(1)} KB  CSS ${run.css.toFixed(1)} KB` +
          `  | benchmarkIndex ${Math.round(run.benchmarkIndex)}  load ${run.loadBefore.toFixed(2)}→${run.loadAfter.toFixed(2)}` +
          `  own scripts ${Math.round(run.scriptMs)} ms observed / ${run.scriptKb.toFixed(1)} KB gz (${run.msPerKb.toFixed(1)} ms/KB)` +
          `  TBT×BI/1000 ${Math.round(run.tbtAt1000)} ms` +
          (run.losses.length ? `  (loses: ${run.losses.join(', ')})` : ''),
      );
      runs.push(run);
    }
    if (runs.length === 0) {
      rows.push({ route, runs: 0 });
      continue;
    }
    const of = (key) => median(runs.map((run) => run[key]));
    console.log(
      `${route} median of ${runs.length}: performance ${of('performance')}  LCP ${of('lcp').toFixed(2)} s  CLS ${of('cls').toFixed(3)}` +
        `  a11y ${of('accessibility')}  bp ${of('bestPractices')}  seo ${of('seo')}  JS ${of('js').toFixed(1)} KB  CSS ${of('css').toFixed(1)} KB` +
        `  TBT ${Math.round(of('tbt'))} ms  benchmarkIndex ${Math.round(of('benchmarkIndex'))}` +
        `  own scripts ${Math.round(of('scriptMs'))} ms observed (${of('msPerKb').toFixed(1)} ms/KB)  TBT×BI/1000 ${Math.round(of('tbtAt1000'))} ms`,
    );
    rows.push({
      route,
      runs: runs.length,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcp: of('lcp'),
      cls: of('cls'),
      js: of('js'),
      css: of('css'),
      tbt: of('tbt'),
      benchmarkIndex: of('benchmarkIndex'),
      load: `${Math.min(...runs.map((r) => r.loadBefore)).toFixed(2)}–${Math.max(...runs.map((r) => r.loadAfter)).toFixed(2)}`,
      scriptMs: of('scriptMs'),
      msPerKb: of('msPerKb'),
      tbtAt1000: of('tbtAt1000'),
    });
  }

  console.log(`\nmedian of each figure over the runs of each route (Lighthouse mobile, ${RUNS} runs asked):`);
  const header = [
    ...['route', 'runs', 'perf', 'a11y', 'bp', 'seo', 'LCP s', 'CLS', 'JS KB gz', 'CSS KB gz'],
    ...['TBT ms', 'BI', 'load 1m', 'script ms', 'ms/KB', 'TBT×BI/1000'],
  ];
  const table = rows.map((row) =>
    row.runs === 0
      ? [row.route, '0', ...header.slice(2).map(() => '-')]
      : [
          row.route,
          String(row.runs),
          String(row.performance),
          String(row.accessibility),
          String(row.bestPractices),
          String(row.seo),
          row.lcp.toFixed(2),
          row.cls.toFixed(3),
          row.js.toFixed(1),
          row.css.toFixed(1),
          String(Math.round(row.tbt)),
          String(Math.round(row.benchmarkIndex)),
          row.load,
          String(Math.round(row.scriptMs)),
          row.msPerKb.toFixed(1),
          String(Math.round(row.tbtAt1000)),
        ],
  );
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const cells of table) console.log(line(cells));
  console.log(
    `load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')} (1, 5, 15 min) at the end; ` +
      `script ms: own scripts' main-thread time observed in the trace (bootup-time ÷ CPU slowdown)`,
  );
} finally {
  await server.stop();
}
