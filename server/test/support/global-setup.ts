import pg from 'pg';

// Each PostgreSQL test file works in a schema of its own. Schemas are dropped here, once no
// test runs: dropping one while another file migrates breaks the migrator's catalog scan,
// which looks across every schema.
async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname ~ '^t_[0-9a-f]{12}$'",
    );
    for (const { name } of rows) await client.query(`drop schema if exists ${name} cascade`);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<void> {
  await dropTestSchemas();
}

export async function teardown(): Promise<void> {
  await dropTestSchemas();
}
