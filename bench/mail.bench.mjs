// Mail delivery through the durable job queue, against the built server and a real SMTP server
// process (e2e/support/mail-catcher.mjs, which stamps each mail when it accepts it):
//  1. registrations at 50 a second for 5 s: delay from the answered (committed) registration to
//     the SMTP server's acceptance of its confirmation, p50 and p99 (target p99 ≤ 2 s);
//  2. 1,000 mails queued at once: mails per second the worker pushes through SMTP.
// Members, tokens and the event are written straight into the SQLite file. Prints figures;
// asserts nothing. Run: npm run bench -- mail
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensureBuilt, freePort, root, startServer, stats } from './support.mjs';

const RATE = 50;
const SECONDS = 5;
const BURST = 1000;

ensureBuilt();

const smtpPort = await freePort();
const httpPort = await freePort();
const catcher = spawn(process.execPath, [path.join(root, 'e2e/support/mail-catcher.mjs')], {
  env: { ...process.env, SMTP_PORT: String(smtpPort), HTTP_PORT: String(httpPort) },
  stdio: 'ignore',
});
const mailUrl = `http://127.0.0.1:${httpPort}`;
for (;;) {
  if (await fetch(`${mailUrl}/health`).then((r) => r.ok).catch(() => false)) break;
  await new Promise((r) => setTimeout(r, 50));
}
const mails = async () => (await fetch(`${mailUrl}/mails`)).json();

const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMITS: 'off', MAIL_FROM: 'Club <club@club.test>' });
const db = new Database(path.join(server.dir, 'club.db'));
db.pragma('busy_timeout = 5000');
const now = new Date().toISOString();
const count = RATE * SECONDS;
const members = [];
const insertMember = db.prepare(`insert into members (id, login, login_key, password_hash, password_changed_at, nombre, apellidos,
  email, email_key, email_verified, mobil, nacimiento, sexo, socio, language, created_at, updated_at)
  values (?, ?, ?, 'x', ?, 'Bench', 'Member', ?, ?, 1, '600000000', '1990-01-01', 1, ?, 'es', ?, ?)`);
const insertToken = db.prepare(`insert into tokens (token_hash, member_id, remember, created_at, expires_at) values (?, ?, 1, ?, ?)`);
db.transaction(() => {
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const login = `bench.${i}`;
    const email = `bench.${i}@club.test`;
    const token = randomBytes(32).toString('hex');
    insertMember.run(id, login, login, now, email, email, `B-${i}`, now, now);
    insertToken.run(createHash('sha256').update(token).digest('hex'), id, now, '2099-01-01T00:00:00.000Z');
    members.push({ id, email, token });
  }
})();
const eventId = randomUUID();
// A class a month ahead, as members book them.
const day = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
db.prepare(`insert into events (id, type, start_at, end_at, evento, plazas, plazas_taken, status, solo_lectura, created_at, updated_at)
  values (?, 10, ?, ?, 'Bench', ?, 0, 2, 0, ?, ?)`).run(eventId, `${day} 18:00:00`, `${day} 20:00:00`, count, now, now);

// 1. Registrations at a steady rate; each delay runs from the answer (the commit is before it).
const xsrf = 'bench-xsrf-0123456789abcdef';
const answered = new Map();
const started = performance.now();
await Promise.all(
  members.map(async (m, i) => {
    const due = started + (i * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const res = await fetch(`${server.url}/api/events/${eventId}/subscribe/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Token ${m.token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ uuid: m.id, roles: [{ roleId: 2, status: 1 }] }),
    });
    if (res.status === 200) answered.set(m.email, Date.now());
    else console.log(`registration refused: ${res.status} ${await res.text()}`);
  }),
);
for (;;) {
  const got = (await mails()).filter((m) => answered.has(m.to[0]));
  if (got.length >= answered.size) {
    const delays = got.map((m) => m.receivedAt - answered.get(m.to[0]));
    const s = stats(delays);
    console.log(`registrations at ${RATE}/s for ${SECONDS} s: ${answered.size} answered, ${got.length} confirmations accepted by SMTP`);
    console.log(`answer (commit) to SMTP acceptance: p50 ${s.median} ms, p99 ${s.p99} ms, max ${s.max} ms  (target p99 ≤ 2000 ms)`);
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}

// 2. A burst straight into the queue: how fast the worker empties it through SMTP.
const before = (await mails()).length;
const insertJob = db.prepare(`insert into jobs (id, kind, payload, mail_to, subject, status, run_at, tries, created_at, updated_at)
  values (?, 'mail', ?, ?, ?, 'pending', ?, 0, ?, ?)`);
const burstStart = Date.now();
db.transaction(() => {
  const stamp = new Date().toISOString();
  for (let i = 0; i < BURST; i++) {
    const message = { to: `burst.${i}@club.test`, subject: `Burst ${i}`, text: 'Una prueba de envío.' };
    insertJob.run(randomUUID(), JSON.stringify(message), message.to, message.subject, stamp, stamp, stamp);
  }
})();
for (;;) {
  const all = await mails();
  if (all.length - before >= BURST) {
    const last = Math.max(...all.slice(before).map((m) => m.receivedAt));
    const seconds = (last - burstStart) / 1000;
    console.log(`${BURST} queued mails through a real SMTP server process: ${seconds.toFixed(2)} s, ${(BURST / seconds).toFixed(0)} mails/s`);
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}

db.close();
await server.stop();
catcher.kill('SIGTERM');
