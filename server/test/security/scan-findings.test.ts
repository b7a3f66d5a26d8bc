import { expect, it } from 'vitest';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import { expectError } from '../auth/accounts.ts';
import { TEST_NOW } from '../events/fixtures.ts';

// Findings of `npm run scan` once wapiti really crawled (third round): staff's member search
// answered 500 to a NUL byte in `q` (wapiti's payloads `/e%00` and `https://…/e.php%00`).
// A search text is one line of text: control characters are refused with the contract's 400.

describeEachDatabase(
  'what the scanner found',
  (get) => {
    it("refuses a control character in staff's member search with 400, never 500", async () => {
      const staff = await createTestMember(get(), { staff: true });
      const api = apiClient(get().app);
      for (const q of ['%2Fe%00', 'https%3A%2F%2Fwapiti3.ovh%2Fe.php%00', 'ana%0Aroot', 'ana%1B']) {
        const res = await api.get(`/api/admin/users/?q=${q}`, staff.token);
        expect(expectError(res, 400, 'VALIDATION_ERROR').fields).toEqual({ q: ['singleLine'] });
      }
      // An ordinary search still answers.
      expect((await api.get('/api/admin/users/?q=ana', staff.token)).statusCode).toBe(200);
    });
  },
  { now: TEST_NOW },
);
