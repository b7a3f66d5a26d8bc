// Test set-up for the stages calls: members and session tokens written straight into the
// database, so these tests do not depend on the login call of the accounts module.
import { createTestMember } from '../support/auth.ts';
import type { TestApp } from '../support/test-app.ts';

export interface SignedInMember {
  id: string;
  token: string;
}

/** Creates a member and a valid session token for them. */
export async function createSignedInMember(testApp: TestApp): Promise<SignedInMember> {
  const { user, token } = await createTestMember(testApp);
  return { id: user.uuid, token };
}
