import { describe, expect, it } from 'vitest';
import { newCookieSecret, newSecret } from '../../src/lib/ids.ts';

describe('secrets', () => {
  it('hands out cookie secrets of 256 bits, none twice, across many refills of the pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const secret = newCookieSecret();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(secret).not.toBe('0'.repeat(64));
      seen.add(secret);
    }
    expect(seen.size).toBe(1000);
  });

  it('makes session secrets of 256 bits', () => {
    expect(newSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(newSecret());
  });
});
