import { parseArgs } from 'node:util';
import { SEXOS } from '@club/contract/enums';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backupDatabase } from './db/backup.ts';
import { openDatabase, migrateToLatest } from './db/database.ts';
import { createMember } from './modules/members/index.ts';

const USAGE = `Usage:
  npm run cli -- user:create --login L --password P --email E --nombre N [--apellidos A] [--mobil 600000000] [--nacimiento 1990-01-01] [--sexo 1|2] [--staff]
  npm run cli -- db:backup FILE
  npm run cli -- db:migrate`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === 'db:backup') {
    // Not through openDatabase: that would create a missing SQLite file and back up an empty one.
    const file = rest[0];
    if (!file) throw new UsageError('db:backup needs a FILE');
    await backupDatabase(config.databaseUrl, file);
    process.stdout.write(`Backup written to ${file}\n`);
    return 0;
  }
  const db = openDatabase(config.databaseUrl);
  try {
    switch (command) {
      case 'db:migrate': {
        const applied = await migrateToLatest(db.kysely);
        process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
        return 0;
      }
      case 'user:create': {
        const { values } = parseArgs({
          args: rest,
          options: {
            login: { type: 'string' },
            password: { type: 'string' },
            email: { type: 'string' },
            nombre: { type: 'string' },
            apellidos: { type: 'string', default: '' },
            mobil: { type: 'string', default: '000000000' },
            nacimiento: { type: 'string', default: '1990-01-01' },
            sexo: { type: 'string', default: '1' },
            staff: { type: 'boolean', default: false },
          },
        });
        for (const key of ['login', 'password', 'email', 'nombre'] as const) {
          if (!values[key]) throw new UsageError(`user:create needs --${key}`);
        }
        // Only the contract's values: a typo must not store a sex the screens cannot show.
        const sexo = SEXOS.find((value) => value === Number(values.sexo));
        if (sexo === undefined) throw new UsageError('user:create --sexo must be 1 (hombre) or 2 (mujer)');
        await migrateToLatest(db.kysely);
        const user = await createMember(db.kysely, {
          login: values.login!,
          password: values.password!,
          email: values.email!,
          nombre: values.nombre!,
          apellidos: values.apellidos ?? '',
          mobil: values.mobil!,
          nacimiento: values.nacimiento!,
          sexo,
          staff: values.staff ?? false,
        });
        process.stdout.write(`Created ${user.staff ? 'staff user' : 'member'} ${user.login} (${user.uuid})\n`);
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
    }
  } finally {
    await db.close();
  }
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    else if (err instanceof ConfigError || err instanceof BackupError) process.stderr.write(`${err.message}\n`);
    else process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
