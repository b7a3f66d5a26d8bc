// Test set-up for the stages calls: members and session tokens written straight into the
// database, so these tests do not depend on the login call of the accounts module.
import { randomBytes } from 'node:crypto';
import { createMember } from '../../src/modules/members/create.ts';
import { hashSecret, isoOf, newSecret } from '../../src/lib/ids.ts';
import type { TestApp } from '../support/test-app.ts';

export interface SignedInMember {
  id: string;
  token: string;
}

/** Creates a member and a valid 30-day session token for them. */
export async function createSignedInMember(testApp: TestApp): Promise<SignedInMember> {
  const suffix = randomBytes(4).toString('hex');
  const user = await createMember(
    testApp.db.kysely,
    {
      login: `shooter.${suffix}`,
      password: `Secret${suffix}9A`,
      email: `shooter.${suffix}@club.test`,
      nombre: 'Ana',
      apellidos: `Prueba ${suffix}`,
      mobil: '612345678',
      nacimiento: '1985-05-20',
      sexo: 2,
    },
    testApp.clock.now(),
  );
  const token = newSecret();
  const now = testApp.clock.now();
  await testApp.db.kysely
    .insertInto('tokens')
    .values({
      token_hash: hashSecret(token),
      member_id: user.uuid,
      remember: 1,
      created_at: isoOf(now),
      expires_at: isoOf(new Date(now.getTime() + 30 * 24 * 3600 * 1000)),
      revoked_at: null,
    })
    .execute();
  return { id: user.uuid, token };
}
