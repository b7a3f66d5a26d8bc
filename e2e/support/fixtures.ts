import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestMember {
  login: string;
  password: string;
  email: string;
  nombre: string;
  apellidos: string;
}

/** Creates a member (or staff user) through the operator CLI, as an operator would. */
export function createMember(
  options: { staff?: boolean; nombre?: string; apellidos?: string; sexo?: 1 | 2 } = {},
): TestMember {
  const id = randomBytes(4).toString('hex');
  const member: TestMember = {
    login: `member.${id}`,
    password: `Secret${id}9`,
    email: `member.${id}@club.test`,
    nombre: options.nombre ?? 'Ana',
    apellidos: options.apellidos ?? `Prueba ${id}`,
  };
  execFileSync(
    process.execPath,
    [
      path.join(root, 'server/dist/cli.js'),
      'user:create',
      '--login', member.login,
      '--password', member.password,
      '--email', member.email,
      '--nombre', member.nombre,
      '--apellidos', member.apellidos,
      '--mobil', '612345678',
      '--nacimiento', '1985-05-20',
      ...(options.sexo ? ['--sexo', String(options.sexo)] : []),
      ...(options.staff ? ['--staff'] : []),
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: 'silent' }, stdio: 'pipe' },
  );
  return member;
}

const FLAG_COLUMNS = {
  socio: 'socio',
  socioSolicitado: 'socio_solicitado',
  licencia: 'licencia',
  curso: 'curso',
  habilitado: 'habilitado',
  arbitroIpsc: 'arbitro_ipsc',
  entrenadorNacional: 'entrenador_nacional',
  autorizacionClub: 'autorizacion_club',
} as const;

/**
 * Sets the club's flags on a member straight in the test database: test set-up only, standing
 * in for staff vouching through the staff area (which has browser tests of its own).
 */
export function setMemberFlags(
  login: string,
  flags: Partial<Record<keyof typeof FLAG_COLUMNS, string | boolean | null>>,
): void {
  const file = (process.env.E2E_DATABASE_URL ?? '').replace(/^sqlite:/, '');
  const db = new Database(file);
  try {
    for (const [key, value] of Object.entries(flags)) {
      const column = FLAG_COLUMNS[key as keyof typeof FLAG_COLUMNS];
      const stored = typeof value === 'boolean' ? (value ? 1 : 0) : value;
      db.prepare(`update members set ${column} = ? where login = ?`).run(stored, login);
    }
  } finally {
    db.close();
  }
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Mails the local SMTP server process received for an address, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_URL}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a mail to an address (the newest), polling the mail catcher. */
export async function waitForMail(
  address: string,
  timeoutMs = 10_000,
  matching: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Mail goes out through the queue after the answer: an address that got mail earlier in the
    // run (the club's) must be matched by what this test sent, not taken as the newest so far.
    const mails = (await mailsTo(address)).filter(matching);
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
