import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/database.ts';
import { seedDemoClub } from '../../src/seed/demo-club.ts';
import { isStrongPassword } from '@club/contract/text';
import { describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase('database', (get) => {
  it('has every table of the data model', async () => {
    const { db } = get();
    for (const table of [
      'members',
      'tokens',
      'password_resets',
      'events',
      'registrations',
      'contact_messages',
      'stages',
      'rate_limits',
    ]) {
      const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
      expect(Number(result.rows[0].n)).toBe(0);
    }
  });

  it('keeps the events version among the settings, moved by every write to events', async () => {
    const { db } = get();
    const version = async () =>
      (await db.kysely.selectFrom('settings').select('value').where('key', '=', 'events_version').executeTakeFirstOrThrow()).value;
    const before = Number(await version());
    const stamp = new Date().toISOString();
    await db.kysely
      .insertInto('events')
      .values({ id: 'v1', type: 1, start_at: '2030-01-01 10:00:00', end_at: '2030-01-01 12:00:00', evento: 'v', nota: null, plazas: 1, plazas_taken: 0, status: 2, solo_lectura: 0, series_id: null, created_at: stamp, updated_at: stamp })
      .execute();
    const afterInsert = Number(await version());
    expect(afterInsert).toBeGreaterThan(before);
    await db.kysely.deleteFrom('events').where('id', '=', 'v1').execute();
    expect(Number(await version())).toBeGreaterThan(afterInsert);
  });

  it('migrates an up-to-date database without change', async () => {
    expect(await migrateToLatest(get().db.kysely)).toEqual([]);
  });

  it('refuses more registrations than seats at the database level too', async () => {
    const { db } = get();
    const stamp = new Date().toISOString();
    await db.kysely
      .insertInto('events')
      .values({
        id: 'e1',
        type: 1,
        start_at: '2030-01-01 10:00:00',
        end_at: '2030-01-01 12:00:00',
        evento: 'x',
        nota: null,
        plazas: 1,
        plazas_taken: 1,
        status: 2,
        solo_lectura: 0,
        series_id: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await expect(
      db.kysely.updateTable('events').set({ plazas_taken: 2 }).where('id', '=', 'e1').execute(),
    ).rejects.toThrow();
    await db.kysely.deleteFrom('events').execute();
  });

  it('seeds a demo club once, with fresh strong passwords, and never twice', async () => {
    const { db, clock } = get();
    const first = await seedDemoClub(db.kysely, clock.now(), 'Europe/Madrid');
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.some((c) => c.role === 'staff')).toBe(true);
    for (const credential of first) expect(isStrongPassword(credential.password)).toBe(true);
    expect(new Set(first.map((c) => c.password)).size).toBe(first.length);
    const members = await db.kysely.selectFrom('members').select(['login', 'password_hash', 'staff']).execute();
    expect(members).toHaveLength(first.length);
    // Only hashes are kept.
    for (const member of members) expect(member.password_hash).toMatch(/^\$argon2id\$/);
    const events = await db.kysely.selectFrom('events').select(['start_at']).execute();
    expect(events.length).toBeGreaterThanOrEqual(20);
    // This month and the next, and last month's social shoot (scored and published).
    const months = new Set(events.map((e) => e.start_at.slice(0, 7)));
    expect(months.size).toBe(3);
    expect(await seedDemoClub(db.kysely, clock.now(), 'Europe/Madrid')).toEqual([]);
  });
});
