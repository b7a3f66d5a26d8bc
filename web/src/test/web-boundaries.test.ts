// @vitest-environment node
// The linter keeps the web app's boundaries (eslint/web-boundaries.js): probe files written into
// web/src and linted with the repository's own configuration, as `npm run lint` does.
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'web/src');
const written: string[] = [];
const eslint = new ESLint({ cwd: repoRoot });

// Loading the configuration and the TypeScript parser is the linter's start-up, not the rule
// under test: do it once here, where a busy machine may take its time, so each test only lints.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(src, 'features/calendar/warm-up.ts') });
}, 120_000);

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

/** Lints a temporary file at `relativePath` (under web/src) and gives the boundary rule's messages. */
async function boundaryErrors(relativeDir: string, code: string): Promise<string[]> {
  const file = path.join(src, relativeDir, `boundary-probe-${randomUUID()}.ts`);
  written.push(file);
  writeFileSync(file, code);
  const [result] = await eslint.lintFiles([file]);
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.ruleId === 'web/boundaries').map((message) => message.message);
}

describe('web boundaries in lint', () => {
  it('refuses a feature importing another feature, statically or lazily', async () => {
    const errors = await boundaryErrors(
      'features/calendar',
      "import { AdminPage } from '../admin/admin-page.tsx';\nexport const later = import('../stage/stage-file.ts');\nexport { AdminPage };\n",
    );
    expect(errors).toEqual([
      expect.stringContaining("Feature 'calendar' must not import feature 'admin'"),
      expect.stringContaining("Feature 'calendar' must not import feature 'stage'"),
    ]);
  });

  it('refuses it from a nested folder too, and lets a feature import its own files and the shared code', async () => {
    expect(
      await boundaryErrors('features/admin/components', "export { EventsCalendar } from '../../calendar/components/events-calendar.tsx';\n"),
    ).toEqual([expect.stringContaining("Feature 'admin' must not import feature 'calendar'")]);
    expect(
      await boundaryErrors(
        'features/admin/components',
        "export { formatEventDate } from '../format.ts';\nexport { showToast } from '../../../lib/toasts.ts';\n",
      ),
    ).toEqual([]);
  });

  it('refuses shared code importing a feature', async () => {
    expect(await boundaryErrors('lib', "export { AdminPage } from '../features/admin/admin-page.tsx';\n")).toEqual([
      expect.stringContaining("web/src/lib is shared code and must not import feature 'admin'"),
    ]);
  });

  it('refuses a feature or shared code importing the app, and a test helper importing a feature', async () => {
    expect(await boundaryErrors('features/calendar', "export { Providers } from '../../app/providers.tsx';\n")).toEqual([
      expect.stringContaining("Feature 'calendar' must not import web/src/app"),
    ]);
    expect(await boundaryErrors('lib', "export { ToastStack } from '../app/layout/toast-stack.tsx';\n")).toEqual([
      expect.stringContaining('web/src/lib is shared code and must not import web/src/app'),
    ]);
    expect(await boundaryErrors('components/ui', "export const later = import('../../app/router.tsx');\n")).toEqual([
      expect.stringContaining('web/src/components is shared code and must not import web/src/app'),
    ]);
    expect(await boundaryErrors('test', "export { AdminPage } from '../features/admin/admin-page.tsx';\n")).toEqual([
      expect.stringContaining("web/src/test holds helpers shared by every test and must not import feature 'admin'"),
    ]);
    // What those places may import.
    expect(
      await boundaryErrors('test', "export { Providers } from '../app/providers.tsx';\nexport { showToast } from '../lib/toasts.ts';\n"),
    ).toEqual([]);
    expect(await boundaryErrors('app', "export { AdminPage } from '../features/admin/admin-page.tsx';\n")).toEqual([]);
  });

  it('judges an import however its path is written: rooted at the web app, by package name, or absolute', async () => {
    const absolute = path.join(src, 'app/providers.tsx');
    const errors = await boundaryErrors(
      'features/admin',
      [
        "export { CalendarPage } from '/src/features/calendar/calendar-page.tsx';",
        "export { Providers } from '@club/web/src/app/providers.tsx';",
        `export { Providers as Again } from '${absolute}';`,
      ].join('\n') + '\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("Feature 'admin' must not import feature 'calendar'"),
      expect.stringContaining("Feature 'admin' must not import web/src/app"),
      expect.stringContaining("Feature 'admin' must not import web/src/app"),
    ]);
  });
});
