import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { EventStatus, EventType, Sexo, Division, Factor } from '@club/contract/enums';
import type { Database, EventsTable } from '../db/schema.ts';
import { claimSetting } from '../db/settings.ts';
import { newId, isoOf } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { clubMonth, clubToday, monthBounds, shiftMonth } from '@club/contract/club-time';
import { anyMember, createMember, findMemberById } from '../modules/members/index.ts';
import type { NewMember } from '../modules/members/index.ts';
import { libraryStageBodySchema } from '@club/contract/library';
import { addLibraryStage } from '../modules/library/index.ts';
import { findMatchEventHeader, insertEvents, seatMember } from '../modules/events/index.ts';
import { writeImport } from '../modules/matches/index.ts';
import { writePastPayment } from '../modules/payments/index.ts';
import type { ImportedMatch } from '../modules/matches/index.ts';
import { LIBRARY_SEEDS } from './library-stages.ts';

// The demo club is written through each module's public entry, as the modules themselves would
// write it: this file owns no table (docs/architecture.md, "Tables and their owners").

export interface SeededCredential {
  login: string;
  password: string;
  role: string;
}

/** A password that passes the strong pattern, drawn fresh at every seed. */
function randomPassword(): string {
  const body = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Club${body}7`;
}

type MemberSeed = Omit<NewMember, 'password' | 'language'> & { role: string };

const MEMBERS: MemberSeed[] = [
  { role: 'staff', login: 'staff.club', nombre: 'Nuria', apellidos: 'Ferrer Vidal', email: 'staff@serra-alta.club.invalid', mobil: '600000001', nacimiento: '1979-04-12', sexo: Sexo.mujer, socio: '0001', licencia: 'A-1001', flags: { curso: true, habilitado: true, autorizacionClub: true, arbitroIpsc: true }, staff: true },
  { role: 'member (all IPSC flags)', login: 'marc.soler', nombre: 'Marc', apellidos: 'Soler Bosch', email: 'marc@serra-alta.club.invalid', mobil: '600000002', nacimiento: '1988-09-30', sexo: Sexo.hombre, socio: '0102', licencia: 'A-2040', flags: { curso: true, habilitado: true, autorizacionClub: true, entrenadorNacional: true }, division: Division.produccion, factor: Factor.minor },
  { role: 'member (licence, no IPSC course)', login: 'laia.costa', nombre: 'Laia', apellidos: 'Costa Roig', email: 'laia@serra-alta.club.invalid', mobil: '600000003', nacimiento: '1962-01-15', sexo: Sexo.mujer, socio: '0103', licencia: 'F-3310' },
  { role: 'new member (no licence yet)', login: 'pau.martinez', nombre: 'Pau', apellidos: 'Martínez', email: 'pau@serra-alta.club.invalid', mobil: '600000004', nacimiento: '2006-06-02', sexo: Sexo.hombre, socio: '0150' },
];

interface EventSeed {
  day: number;
  start: string;
  end: string;
  type: EventType;
  title: string;
  seats: number;
  status?: EventStatus;
  note?: string;
  /** Key of the library stage attached as briefing or homework (library-stages.ts). */
  stage?: string;
}

const MONTH_PLAN: EventSeed[] = [
  { day: 3, start: '18:00', end: '20:00', type: EventType.regularIpscClass, title: 'Clase IPSC: fundamentos', seats: 8, note: 'Trae protección ocular y auditiva.', stage: 'bill-drill' },
  { day: 5, start: '10:00', end: '13:00', type: EventType.ipscTraining, title: 'Entrenamiento IPSC', seats: 12 },
  { day: 7, start: '09:00', end: '14:00', type: EventType.ipscSocialShoot, title: 'Tirada social IPSC', seats: 30, note: 'Seis ejercicios. Briefing a las 8:45.', stage: 'el-presidente' },
  { day: 10, start: '18:30', end: '20:00', type: EventType.precisionTraining, title: 'Entrenamiento de precisión 25 m', seats: 10 },
  { day: 12, start: '19:00', end: '20:30', type: EventType.functionalTraining, title: 'Entrenamiento funcional en seco', seats: 10, stage: 'swinger' },
  { day: 14, start: '10:00', end: '13:00', type: EventType.precisionSocialShoot, title: 'Tirada social de precisión', seats: 20 },
  { day: 16, start: '17:00', end: '18:00', type: EventType.privateClass, title: 'Clase particular', seats: 1, status: EventStatus.privado },
  { day: 18, start: '10:00', end: '14:00', type: EventType.masterClass, title: 'Master class: transiciones y movimientos', seats: 6 },
  { day: 20, start: '09:00', end: '13:00', type: EventType.clubPractices, title: 'Prácticas del club', seats: 16 },
  { day: 22, start: '16:00', end: '20:00', type: EventType.reserved, title: 'Galería reservada', seats: 0 },
  { day: 25, start: '18:00', end: '21:00', type: EventType.ipscGroup, title: 'Grupo IPSC', seats: 0, status: EventStatus.privado },
  { day: 27, start: '18:00', end: '20:00', type: EventType.regularIpscClass, title: 'Clase IPSC: recargas y cambios', seats: 8 },
];

// Claimed in the same transaction as the seed, so that of two servers started at once on an
// empty database exactly one seeds and the other finds the claim (and the club) there.
const SEED_CLAIM = 'demo_seed';

/** Seeds a demo club into an empty database; returns the credentials to print once. */
export async function seedDemoClub(db: Kysely<Database>, now: Date, timeZone: string): Promise<SeededCredential[]> {
  if (await anyMember(db)) return [];
  // Passwords are hashed before the transaction: argon2 is slow and SQLite's write lock waits.
  const seeds = await Promise.all(
    MEMBERS.map(async (seed) => {
      const password = randomPassword();
      return { seed, password, passwordHash: await hashPassword(password) };
    }),
  );
  return db.transaction().execute(async (trx) => {
    if (!(await claimSetting(trx, SEED_CLAIM, isoOf(now)))) return [];
    if (await anyMember(trx)) return [];
    return insertDemoClub(trx, seeds, now, timeZone);
  });
}

async function insertDemoClub(
  db: Transaction<Database>,
  seeds: Array<{ seed: MemberSeed; password: string; passwordHash: string }>,
  now: Date,
  timeZone: string,
): Promise<SeededCredential[]> {
  const stamp = isoOf(now);
  const credentials: SeededCredential[] = [];
  const memberIds: string[] = [];
  for (const { seed, password, passwordHash } of seeds) {
    const { role, ...fields } = seed;
    // Made as staff would make them: their addresses count as verified.
    const user = await createMember(db, { ...fields, password, passwordHash, language: 'es' }, now);
    memberIds.push(user.uuid);
    credentials.push({ login: seed.login, password, role });
  }

  // The library is the club's: written by the staff member, in Spanish with the other languages beside.
  const libraryIds = new Map<string, string>();
  for (const seed of LIBRARY_SEEDS) {
    const body = libraryStageBodySchema.parse({ ...seed.text.es, rounds: seed.rounds, tags: seed.tags, elements: seed.elements });
    libraryIds.set(seed.key, await addLibraryStage(db, body, memberIds[0] ?? null, now, seed.text));
  }

  const thisMonth = clubMonth(now, timeZone);
  const events: Insertable<EventsTable>[] = [];
  for (const offset of [0, 1]) {
    const { year: y, month: m } = shiftMonth(thisMonth, offset);
    for (const plan of MONTH_PLAN) {
      const date = `${y}-${String(m).padStart(2, '0')}-${String(plan.day).padStart(2, '0')}`;
      events.push({
        id: newId(),
        type: plan.type,
        start_at: `${date} ${plan.start}:00`,
        end_at: `${date} ${plan.end}:00`,
        evento: plan.title,
        nota: plan.note ?? null,
        plazas: plan.seats,
        plazas_taken: 0,
        status: plan.status ?? EventStatus.publico,
        solo_lectura: 0,
        series_id: null,
        stage_id: plan.stage ? (libraryIds.get(plan.stage) ?? null) : null,
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  await insertEvents(db, events);

  // The fully qualified member is registered for the month's social shoot and IPSC class, as
  // registering would seat them (without the mails).
  const marc = await findMemberById(db, memberIds[1]);
  if (!marc) throw new Error('The demo member was not created.');
  for (const event of events.filter((e) => e.type === EventType.ipscSocialShoot || e.type === EventType.regularIpscClass)) {
    await seatMember(db, event.id, marc, stamp);
  }

  // Last month's social shoot was scored and its results published, so that match day, the
  // results pages and a member's own results have something to show.
  const staff = await findMemberById(db, memberIds[0]);
  if (!staff) throw new Error('The demo staff member was not created.');
  const past = shiftMonth(thisMonth, -1);
  const shootId = newId();
  // Its first Sunday, as a club's social shoots are.
  const sunday = 1 + ((7 - new Date(Date.UTC(past.year, past.month - 1, 1)).getUTCDay()) % 7);
  const day = `${past.year}-${String(past.month).padStart(2, '0')}-${String(sunday).padStart(2, '0')}`;
  await insertEvents(db, [
    {
      id: shootId,
      type: EventType.ipscSocialShoot,
      start_at: `${day} 09:00:00`,
      end_at: `${day} 14:00:00`,
      evento: 'Tirada social IPSC',
      nota: 'Cuatro ejercicios de la biblioteca del club.',
      plazas: 30,
      plazas_taken: 0,
      status: EventStatus.publico,
      solo_lectura: 0,
      series_id: null,
      stage_id: libraryIds.get('el-presidente') ?? null,
      created_at: stamp,
      updated_at: stamp,
    },
  ]);
  const shoot = await findMatchEventHeader(db, shootId);
  if (!shoot) throw new Error('The demo match was not created.');
  await writeImport(db, shoot, undefined, demoMatch(), staff, stamp, true);

  // The year's money so far, as staff recorded it: dues paid in January (or at the start of the
  // year's first month), a member's dues that ran out at the end of last month, a new member's
  // first dues last month, and a pack of ten classes bought today.
  const today = clubToday(now, timeZone);
  const yearStart = `${thisMonth.year}-01-12` < today ? `${thisMonth.year}-01-12` : today;
  const lastMonthEnd = monthBounds(past).last;
  const [laia, pau] = [memberIds[2], memberIds[3]];
  type Payment = Parameters<typeof writePastPayment>[1];
  const paid = (member: string, fields: Pick<Payment, 'concept' | 'amount_cents' | 'method' | 'paid_at'> & Partial<Payment>): Payment => ({
    member_id: member,
    reference: null,
    period_end: null,
    classes: null,
    event_id: null,
    recorded_by: staff.id,
    ...fields,
  });
  const dues = (member: string, paidAt: string, periodEnd: string, method: Payment['method'], reference: string | null = null) =>
    paid(member, { concept: 'cuota', amount_cents: 12_000, method, paid_at: paidAt, period_end: periodEnd, reference });
  const payments = [
    dues(staff.id, yearStart, `${thisMonth.year}-12-31`, 'transferencia'),
    dues(marc.id, yearStart, `${thisMonth.year}-12-31`, 'transferencia'),
    paid(marc.id, { concept: 'bono', amount_cents: 15_000, method: 'bizum', paid_at: today, classes: 10 }),
  ];
  if (laia) payments.push(dues(laia, `${Number(lastMonthEnd.slice(0, 4)) - 1}${lastMonthEnd.slice(4, 8)}01`, lastMonthEnd, 'efectivo'));
  if (pau) {
    const paidAt = `${lastMonthEnd.slice(0, 8)}15`;
    payments.push(dues(pau, paidAt, `${Number(paidAt.slice(0, 4)) + 1}${paidAt.slice(4, 8)}14`, 'efectivo', 'Alta'));
  }
  for (const payment of payments) await writePastPayment(db, payment, stamp);
  return credentials;
}

/** Who shot last month's demo match: the demo member among invented guests, with how well they shoot. */
const DEMO_SHOOTERS: Array<{ nombre: string; apellidos: string; division: Division; factor: Factor; skill: number }> = [
  { nombre: 'Marc', apellidos: 'Soler Bosch', division: Division.produccion, factor: Factor.minor, skill: 0.78 },
  { nombre: 'Jordi', apellidos: 'Puig Serra', division: Division.produccion, factor: Factor.minor, skill: 0.86 },
  { nombre: 'Anna', apellidos: 'Vidal Roca', division: Division.produccion, factor: Factor.minor, skill: 0.7 },
  { nombre: 'Sergi', apellidos: 'Mas Ferrer', division: Division.produccion, factor: Factor.minor, skill: 0.62 },
  { nombre: 'Carlos', apellidos: 'Navarro Gil', division: Division.produccionOptics, factor: Factor.minor, skill: 0.82 },
  { nombre: 'Elena', apellidos: 'Ruiz Prat', division: Division.produccionOptics, factor: Factor.minor, skill: 0.74 },
  { nombre: 'Pere', apellidos: 'Camps Riera', division: Division.standard, factor: Factor.major, skill: 0.8 },
  { nombre: 'Marta', apellidos: 'Font Vila', division: Division.standard, factor: Factor.minor, skill: 0.72 },
  { nombre: 'David', apellidos: 'Romero Sanz', division: Division.open, factor: Factor.major, skill: 0.88 },
  { nombre: 'Núria', apellidos: 'Bosch Pujol', division: Division.open, factor: Factor.major, skill: 0.76 },
  { nombre: 'Albert', apellidos: 'Costa Mir', division: Division.pcc, factor: Factor.minor, skill: 0.84 },
  { nombre: 'Laura', apellidos: 'Serra Codina', division: Division.pcc, factor: Factor.minor, skill: 0.68 },
];

const DEMO_STAGES = ['el-presidente', 'hard-cover-doors', 'bill-drill', 'blake-drill'] as const;

/**
 * The demo match: four of the library's stages, each shooter's hits and time drawn from their
 * skill with a fixed sequence, so every demo club shows the same results.
 */
function demoMatch(): ImportedMatch {
  let state = 20_241_107;
  const draw = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const stages = DEMO_STAGES.map((key, index) => {
    const seed = LIBRARY_SEEDS.find((stage) => stage.key === key)!;
    return { number: index + 1, name: seed.text.es.name, minRounds: seed.rounds, maxPoints: seed.rounds * 5, scoringType: 'comstock' as const };
  });
  const competitors = DEMO_SHOOTERS.map((shooter, index) => ({
    comp: String(index + 1),
    nombre: shooter.nombre,
    apellidos: shooter.apellidos,
    division: shooter.division,
    factor: shooter.factor,
    category: null,
    dq: false,
    line: index + 1,
  }));
  const scores = stages.flatMap((stage) =>
    DEMO_SHOOTERS.map((shooter, index) => {
      const hits = { a: 0, c: 0, d: 0, m: 0 };
      for (let round = 0; round < stage.minRounds; round++) {
        const roll = draw();
        if (roll < shooter.skill) hits.a++;
        else if (roll < shooter.skill + (1 - shooter.skill) * 0.7) hits.c++;
        else if (roll < shooter.skill + (1 - shooter.skill) * 0.92) hits.d++;
        else hits.m++;
      }
      const time = (1.5 + stage.minRounds * 0.42) * (1.75 - shooter.skill) * (0.9 + draw() * 0.25);
      return {
        stage: stage.number,
        comp: String(index + 1),
        ...hits,
        ns: draw() < 0.08 ? 1 : 0,
        procedurals: draw() < 0.05 ? 1 : 0,
        time: Math.round(time * 100) / 100,
        dnf: false,
        line: 0,
      };
    }),
  );
  return { name: 'Tirada social IPSC', stages, competitors, scores };
}
