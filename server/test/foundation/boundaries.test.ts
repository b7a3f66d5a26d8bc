import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, checked on crafted files that are never written to
// disk: ESLint lints the text as if it lived at the given path.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

// Loading the configuration and the TypeScript parser is the linter's start-up, not the rules
// under test: done once here, where a busy machine may take its time, so each test only lints.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'server/src/modules/admin/warm-up.ts') });
}, 120_000);

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (npm run lint)', () => {
  it("refuses a server module importing another module's repository or service", async () => {
    const code = [
      "import { findEvent } from '../events/repository.ts';",
      "import { subscribe } from '../events/subscribe.ts';",
      'export const used = [findEvent, subscribe];',
    ].join('\n');
    expect(await restrictedImports('server/src/modules/admin/crafted.ts', code)).toHaveLength(2);
  });

  it("refuses a plugin reaching into a module's files", async () => {
    const code = "import { toUser } from '../modules/members/repository.ts';\nexport const used = toUser;\n";
    expect(await restrictedImports('server/src/plugins/crafted.ts', code)).toHaveLength(1);
  });

  it("accepts a module's public entry, its own files and the shared lib", async () => {
    const code = [
      "import { createEvents } from '../events/index.ts';",
      "import { toUser } from '../members/index.ts';",
      "import { searchMembers } from './repository.ts';",
      "import { ApiError } from '../../lib/api-error.ts';",
      'export const used = [createEvents, toUser, searchMembers, ApiError];',
    ].join('\n');
    expect(await restrictedImports('server/src/modules/admin/crafted.ts', code)).toEqual([]);
  });

  it("refuses a module's index handing out its routes", async () => {
    const code = "export { eventsRoutes } from './routes.ts';\nexport { queueEventMails } from './notify.ts';\n";
    expect(await restrictedImports('server/src/modules/events/index.ts', code)).toEqual([
      expect.stringContaining('Routes are registered by modules/index.ts, never exported by a module.'),
    ]);
  });

  it('refuses a package importing the server or the web app', async () => {
    const code = [
      "import { buildApp } from '../../../server/src/app.ts';",
      "import { apiRequest } from '@club/web/src/lib/http.ts';",
      "import type { Db } from '@club/server/src/db/database.ts';",
      'export const used: [unknown, unknown, Db | null] = [buildApp, apiRequest, null];',
    ].join('\n');
    expect(await restrictedImports('packages/contract/src/crafted.ts', code)).toHaveLength(3);
  });

  it('refuses lib, db, jobs, mail and plugins importing a module, even its public entry', async () => {
    const code = "import { toUser } from '../modules/members/index.ts';\nexport const used = toUser;\n";
    for (const dir of ['lib', 'db', 'jobs', 'mail', 'plugins']) {
      expect(await restrictedImports(`server/src/${dir}/crafted.ts`, code), dir).toEqual([
        expect.stringContaining('must not import a module'),
      ]);
    }
    const deeper = "import { memberOfToken } from '../../modules/index.ts';\nexport const used = memberOfToken;\n";
    expect(await restrictedImports('server/src/db/migrations/crafted.ts', deeper)).toHaveLength(1);
    // The composition layer may.
    expect(await restrictedImports('server/src/seed/crafted.ts', code.replace('../modules', '../modules'))).toEqual([]);
  });

  it('refuses a package importing a Node.js module or a tool of the repository, and lets its tests read files', async () => {
    const code = [
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { scan } from '../../../scripts/scan.mjs';",
      'export const used = [fs, path, scan];',
    ].join('\n');
    expect(await restrictedImports('packages/stage-engine/src/crafted.ts', code)).toEqual([
      expect.stringContaining('must not import a Node.js module'),
      expect.stringContaining('must not import a Node.js module'),
      expect.stringContaining("must not import the server, the web app or the repository's tools"),
    ]);
    expect(await restrictedImports('packages/contract/src/crafted.test.ts', "import fs from 'node:fs';\nexport const used = fs;\n")).toEqual([]);
  });
});
