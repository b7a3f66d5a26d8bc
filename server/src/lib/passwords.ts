import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX } from '@club/contract/text';

// argon2id with at least 19 MiB and 2 passes (DECISIONS). Algorithm 2 is argon2id; the
// package's const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A fixed hash to verify against when the login is unknown, so both answers take as long.
let dummyHash: Promise<string> | undefined;

/** True when the password matches the hash; with no hash, spends the same time and says false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-password-of-anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
