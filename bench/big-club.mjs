// The big club of issue 17, rebuildable by anyone: 20,002 members, 3,000 events over three years
// (about 1,300 of them public from a month ago on), 100,000 registrations (one event with 200
// participants, one member with 400 registrations), 5,000 contact messages, 10,000 stages and
// 100,000 payments over two years (with the members' dues, licences and packs),
// on SQLite or PostgreSQL. Rows are written directly (batched, one transaction), after the
// server's own migrations, so a rebuild takes seconds, not minutes.
//
//   node bench/big-club.mjs sqlite:/tmp/big-club.db
//   node bench/big-club.mjs 'postgres://club_test:club_test@127.0.0.1:5432/club_bench?options=-c%20search_path%3Dbig_club'
//
// Importable: `buildBigClub(url)` resolves with the ids and session tokens the scale bench needs.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const load = createRequire(path.join(root, 'server/package.json'));

export const SIZES = {
  members: 20_000,
  events: 3_000,
  registrations: 100_000,
  messages: 5_000,
  stages: 10_000,
  payments: 100_000,
};

const NOMBRES = [
  'José',
  'María',
  'Núria',
  'Jordi',
  'Àngel',
  'Inés',
  'Óscar',
  'Lucía',
  'Raúl',
  'Sofía',
  'Martí',
  'Joan',
  'Carmen',
  'Pau',
  'Laura',
  'Iván',
  'Andrés',
  'Elena',
  'Ramón',
  'Mònica',
];
const APELLIDOS = [
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Fernández',
  'Rodríguez',
  'Núñez',
  'Muñoz',
  'Puig',
  'Ferrer',
  'Vidal',
  'Soler',
  'Casas',
  'Roig',
  'Ibáñez',
  'Castaño',
  'Peña',
  'Gil',
  'Ruiz',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Serra',
];
const TITLES = [
  'Tirada social IPSC',
  'Curso de iniciación',
  'Entrenamiento de precisión',
  'Clase de seguridad',
  'Competición del club',
  'Práctica libre',
  'Curso de árbitro',
  'Jornada de puertas abiertas',
];

/** A seeded random source (mulberry32): the same club on every rebuild. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const uuidFrom = (random) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};
function wall(date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
}

/** Every row of the big club, as plain objects per table. */
/** The day `days` from `date` (UTC), as yyyy-MM-dd. */
function day(date, days) {
  return new Date(date.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

export function generateRows(now = new Date()) {
  const random = seeded(17);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const stamp = now.toISOString();
  const members = [];
  const member = (i, login, extra = {}) => ({
    id: uuidFrom(random),
    login,
    login_key: login.toLowerCase(),
    password_hash: 'not-a-hash',
    password_changed_at: stamp,
    nombre: extra.nombre ?? pick(NOMBRES),
    apellidos: extra.apellidos ?? `${pick(APELLIDOS)} ${pick(APELLIDOS)}`,
    email: `${login}@big-club.invalid`,
    email_key: `${login}@big-club.invalid`.toLowerCase(),
    mobil: `6${String(10_000_000 + i).slice(-8)}`,
    nacimiento: `19${50 + (i % 50)}-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}`,
    sexo: 1 + (i % 2),
    socio: i % 3 === 0 ? String(10_000 + i) : null,
    division: 1 + (i % 5),
    factor: 1 + (i % 2),
    licencia: i % 4 === 0 ? `L-${i}` : null,
    curso: 1,
    habilitado: 1,
    arbitro_ipsc: i % 50 === 0 ? 1 : 0,
    autorizacion_club: 1,
    staff: extra.staff ? 1 : 0,
    language: ['es', 'ca', 'en'][i % 3],
    // Money and papers (issue 34): dues ending from a year ago to a year ahead, licences
    // expiring over two years, packs with up to nine classes left (a tenth used up).
    cuota_hasta: i % 6 === 5 ? null : day(now, -365 + ((i * 37) % 730)),
    licencia_caduca: i % 4 === 0 ? day(now, -60 + ((i * 53) % 760)) : null,
    bono_clases: i % 10,
    created_at: stamp,
    updated_at: stamp,
  });
  for (let i = 0; i < SIZES.members; i += 1) members.push(member(i, `socio.${i}`));
  const staff = member(SIZES.members, 'staff.big', { staff: true, nombre: 'Marta', apellidos: 'Staff' });
  const heavy = member(SIZES.members + 1, 'heavy.member', { nombre: 'Ramón', apellidos: 'Gárcia Asiduo' });
  members.push(staff, heavy);

  // Three years of events centred on today: about 53 % start from a month ago on, 80 % public.
  const events = [];
  const span = 3 * 365 * 24 * 3600 * 1000;
  const first = now.getTime() - span / 2;
  for (let e = 0; e < SIZES.events; e += 1) {
    const start = new Date(first + Math.floor((e / SIZES.events) * span));
    start.setUTCHours(8 + (e % 12), 0, 0, 0);
    const end = new Date(start.getTime() + 2 * 3600 * 1000);
    events.push({
      id: uuidFrom(random),
      type: 1 + (e % 8),
      start_at: wall(start),
      end_at: wall(end),
      evento: `${TITLES[e % TITLES.length]} ${e}`,
      nota: e % 3 === 0 ? 'Traed protección ocular y auditiva; munición del club disponible.' : null,
      plazas: 40,
      plazas_taken: 0,
      status: random() < 0.8 ? 1 : 2,
      solo_lectura: 0,
      series_id: null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  // The event with 200 participants: the first public one a fortnight from now.
  const soon = wall(new Date(now.getTime() + 14 * 24 * 3600 * 1000));
  const bigEvent = events.find((event) => event.start_at >= soon && event.status === 1);
  bigEvent.plazas = 250;

  const registrations = [];
  const taken = new Set();
  const register = (event, memberRow) => {
    const key = `${event.id}/${memberRow.id}`;
    if (taken.has(key)) return false;
    taken.add(key);
    const cancelled = random() < 0.1;
    if (!cancelled && event.plazas_taken >= event.plazas) return false;
    if (!cancelled) event.plazas_taken += 1;
    registrations.push({
      id: uuidFrom(random),
      event_id: event.id,
      member_id: memberRow.id,
      role_id: event.type === 3 ? 3 : 2,
      status: cancelled ? 2 : 1,
      categoria: null,
      division: memberRow.division,
      factor: memberRow.factor,
      created_at: stamp,
      updated_at: stamp,
    });
    return true;
  };
  while (bigEvent.plazas_taken + 0 < 200) register(bigEvent, pick(members));
  // The heavy member: 400 registrations, every 7th event (3,000 / 7 > 400).
  for (let e = 0, count = 0; count < 400; e += 7) if (register(events[e], heavy)) count += 1;
  while (registrations.length < SIZES.registrations) {
    const event = pick(events);
    if (event.plazas_taken < event.plazas) register(event, members[Math.floor(random() * SIZES.members)]);
  }

  const messages = [];
  for (let m = 0; m < SIZES.messages; m += 1) {
    const from = m % 250 === 0 ? heavy : members[Math.floor(random() * SIZES.members)];
    messages.push({
      id: uuidFrom(random),
      name: `${from.nombre} ${from.apellidos}`,
      // Some written with another case, as people type their address.
      email: m % 2 === 0 ? from.email.toUpperCase() : from.email,
      subject: `Consulta ${m}`,
      message: 'Hola, quisiera saber el horario de las próximas tiradas y el precio de la cuota.',
      language: from.language,
      read: m % 4 === 0 ? 0 : 1,
      created_at: new Date(now.getTime() - m * 3600 * 1000).toISOString(),
    });
  }

  const stageData = JSON.stringify({ name: 'Etapa', elements: [], designWidth: 1000, designHeigth: 600 });
  const stages = [];
  for (let s = 0; s < SIZES.stages; s += 1) {
    stages.push({
      id: uuidFrom(random),
      owner_id: members[Math.floor(random() * SIZES.members)].id,
      name: `Etapa ${s}`,
      public: s % 5 === 0 ? 1 : 0,
      data: stageData,
      created_at: stamp,
      updated_at: stamp,
    });
  }

  // 100,000 payments over the last two years, by staff; one in fifty voided.
  const payments = [];
  const concepts = ['cuota', 'bono', 'evento', 'otro'];
  const methods = ['efectivo', 'transferencia', 'tarjeta', 'bizum'];
  for (let i = 0; i < SIZES.payments; i += 1) {
    const concept = concepts[i % 4];
    const paid = day(now, -Math.floor(random() * 730));
    payments.push({
      id: uuidFrom(random),
      member_id: members[Math.floor(random() * SIZES.members)].id,
      concept,
      amount_cents: 500 + Math.floor(random() * 20_000),
      method: methods[Math.floor(random() * 4)],
      paid_at: paid,
      reference: i % 3 === 0 ? `R-${i}` : null,
      period_end: concept === 'cuota' ? day(new Date(`${paid}T12:00:00Z`), 365) : null,
      classes: concept === 'bono' ? 10 : null,
      event_id: null,
      recorded_by: staff.id,
      recorded_at: `${paid}T10:00:00.000Z`,
      voided_at: i % 50 === 0 ? `${paid}T11:00:00.000Z` : null,
      voided_by: i % 50 === 0 ? staff.id : null,
      void_reason: i % 50 === 0 ? 'Error de caja' : null,
    });
  }

  // Session tokens for the bench: staff, the heavy member and an ordinary member.
  const sessions = {};
  const tokens = [];
  for (const [name, row] of [
    ['staff', staff],
    ['heavy', heavy],
    ['member', members[1]],
  ]) {
    const token = randomBytes(32).toString('hex');
    sessions[name] = { uuid: row.id, token };
    tokens.push({
      token_hash: sha256(token),
      member_id: row.id,
      remember: 1,
      created_at: stamp,
      expires_at: new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      revoked_at: null,
    });
  }
  return {
    tables: { members, events, registrations, contact_messages: messages, stages, tokens, payments },
    sessions,
    bigEventId: bigEvent.id,
    publicFromAMonthAgo: events.filter(
      (event) =>
        event.status === 1 && event.start_at >= wall(new Date(now.getTime() - 30 * 24 * 3600 * 1000)),
    ).length,
  };
}

function migrate(url) {
  const result = spawnSync(process.execPath, ['server/dist/cli.js', 'db:migrate'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('db:migrate failed');
}

/** Builds the server as it is now (a few seconds), so its migrations are the tree's; BENCH_SKIP_BUILD=1 keeps the build there is. */
function ensureServerBuilt() {
  if (process.env.BENCH_SKIP_BUILD && fs.existsSync(path.join(root, 'server/dist/cli.js'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the server failed');
}

function writeSqlite(file, tables) {
  const Database = load('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.transaction(() => {
    for (const [table, rows] of Object.entries(tables)) {
      const columns = Object.keys(rows[0]);
      const insert = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) insert.run(...columns.map((c) => row[c]));
    }
  })();
  db.close();
}

async function writePostgres(url, tables) {
  const pg = load('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const [table, rows] of Object.entries(tables)) {
      const columns = Object.keys(rows[0]);
      for (let at = 0; at < rows.length; at += 1000) {
        const batch = rows.slice(at, at + 1000);
        const values = [];
        const tuples = batch.map((row, r) => {
          for (const c of columns) values.push(row[c]);
          return `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`;
        });
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
          values,
        );
      }
    }
    await client.query('commit');
    // What autovacuum would do shortly after such a load.
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Empties the target (a new SQLite file, or the URL's search_path schema made anew), migrates, fills. */
export async function buildBigClub(url, now = new Date()) {
  ensureServerBuilt();
  const started = performance.now();
  if (url.startsWith('postgres')) {
    const schema = new URL(url).searchParams.get('options')?.match(/search_path=(\w+)/)?.[1];
    if (!schema || schema === 'public')
      throw new Error('give the PostgreSQL URL a search_path schema of its own');
    const pg = load('pg');
    const base = new URL(url);
    base.searchParams.delete('options');
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    await admin.end();
  } else {
    const file = url.replace(/^sqlite:/, '');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  migrate(url);
  const club = generateRows(now);
  if (url.startsWith('postgres')) await writePostgres(url, club.tables);
  else writeSqlite(url.replace(/^sqlite:/, ''), club.tables);
  const counts = Object.fromEntries(Object.entries(club.tables).map(([t, rows]) => [t, rows.length]));
  return { ...club, counts, buildMs: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) {
    process.stderr.write(
      'usage: node bench/big-club.mjs sqlite:FILE | postgres://...?options=-c%20search_path%3DSCHEMA\n',
    );
    process.exit(2);
  }
  const club = await buildBigClub(url);
  process.stdout.write(
    `big club in ${(club.buildMs / 1000).toFixed(1)} s: ${JSON.stringify(club.counts)}; ` +
      `${club.publicFromAMonthAgo} public events from a month ago on\n`,
  );
}
