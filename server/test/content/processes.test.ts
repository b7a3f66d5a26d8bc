import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, StaffContent } from '@club/contract/content';
import { CONTENT_ELEMENT_ID } from '@club/contract/content-view';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { RunningServer } from '../support/server-process.ts';
import { createTestDatabase, TEST_DIALECTS } from '../support/test-app.ts';

const XSRF = 'content-xsrf-0123456789abcdef0123456789';

/**
 * A web build reduced to what the content pages need: the app's shell and the home page's
 * build-time drawing, whose `#root` the server fills from the live content. No drawing code
 * (dist-ssr) is there, so the page goes out as drawn with the live content beside it.
 */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  fs.writeFileSync(
    path.join(dir, 'pages', 'home.es.html'),
    '<!doctype html><html lang="es"><body><div id="root" data-areas="home">drawn at build time</div></body></html>',
  );
  return dir;
}

/** The content a drawn page carries for the app's first render. */
function contentOfPage(html: string): Content {
  const found = new RegExp(`<script type="application/json" id="${CONTENT_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!found) throw new Error(`no content in the page: ${html.slice(0, 300)}`);
  return JSON.parse(found[1]!) as Content;
}

const priceOf = (content: Pick<Content, 'fees'>, id: string) => content.fees.find((fee) => fee.id === id)?.priceCents;

// Processes start slowly on a busy machine; the limits are generous, not a speed target.
describe.each(TEST_DIALECTS)('the club content across server processes [%s]', { timeout: 240_000 }, (dialect) => {
  let db: Db;
  let web: string;
  let staff: TestMember;
  let colleague: TestMember;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    const { url } = await createTestDatabase(dialect);
    db = openDatabase(url);
    await migrateToLatest(db.kysely);
    web = webBuild();
    const t = { db, clock: new ManualClock(new Date()) };
    staff = await createTestMember(t, { staff: true, nombre: 'Laia', apellidos: 'Ferrer' });
    colleague = await createTestMember(t, { staff: true, nombre: 'Pau', apellidos: 'Soler' });
    const env = { DATABASE_URL: url, SEED: 'none', RATE_LIMITS: 'off', WEB_DIST: web };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await db?.close();
    if (web) fs.rmSync(web, { recursive: true, force: true });
  });

  const call = (server: RunningServer, method: string, url: string, token?: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: `XSRF-TOKEN=${XSRF}; ipsc-club.lang=es`,
        'x-xsrf-token': XSRF,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const homeOf = async (server: RunningServer) => {
    const answer = await call(server, 'GET', '/');
    expect(answer.status).toBe(200);
    return contentOfPage(await answer.text());
  };
  const visitorContent = async (server: RunningServer) => (await call(server, 'GET', '/api/content/')).json() as Promise<Content>;

  it('a fee saved on one process is on the other at once, on its drawn home page and in its answers; an older copy is refused there', async () => {
    // Both have drawn and kept the home page for the first content.
    for (const server of [a, b]) expect(priceOf(await homeOf(server), 'regular-class-single')).toBe(4500);
    const copy = (await (await call(a, 'GET', '/api/admin/content/', staff.token)).json()) as StaffContent;

    const fees = copy.fees.map((fee) => (fee.id === 'regular-class-single' ? { ...fee, priceCents: 4750 } : fee));
    const saved = await call(a, 'PUT', '/api/admin/content/fees/', staff.token, { items: fees, version: copy.version });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // The next visitor of the other process sees it: nothing restarted, nothing rebuilt.
    expect(priceOf(await homeOf(b), 'regular-class-single')).toBe(4750);
    expect(priceOf(await visitorContent(b), 'regular-class-single')).toBe(4750);
    expect(priceOf(await homeOf(a), 'regular-class-single')).toBe(4750);

    // A colleague on the other process saving from the copy read before: refused with what changed.
    const stale = copy.fees.map((fee) => (fee.id === 'regular-class-single' ? { ...fee, priceCents: 9900 } : fee));
    const refused = await call(b, 'PUT', '/api/admin/content/fees/', colleague.token, { items: stale, version: copy.version });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ errorCode: 'CONTENT_CONFLICT', section: 'fees', changedBy: 'Ferrer, Laia' });
    for (const server of [a, b]) expect(priceOf(await homeOf(server), 'regular-class-single')).toBe(4750);

    // The other way round: restored on the second process, back on the first.
    const history = (await (await call(b, 'GET', '/api/admin/content/fees/history/', colleague.token)).json()) as { id: string; changedBy: string | null }[];
    const first = history.find((revision) => revision.changedBy === null)!;
    const latest = ((await (await call(b, 'GET', '/api/admin/content/', colleague.token)).json()) as StaffContent).version;
    const restored = await call(b, 'POST', `/api/admin/content/fees/history/${first.id}/restore/`, colleague.token, { version: latest });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(priceOf(await homeOf(a), 'regular-class-single')).toBe(4500);
    expect(priceOf(await visitorContent(a), 'regular-class-single')).toBe(4500);
  });
});
