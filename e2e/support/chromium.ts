import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Debian's Chromium where installed, else the one the @sparticuz/chromium package ships. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return execFileSync(
    process.execPath,
    ['-e', "import('@sparticuz/chromium').then(async (m) => process.stdout.write(await m.default.executablePath()))"],
    { encoding: 'utf8' },
  ).trim();
}

/**
 * The features Playwright turns off in the browsers it starts, read from its own code: a second
 * `--disable-features` switch takes the first one's place (the last one counts), so ours has to
 * name them too. Fails loudly if a Playwright update moves the list.
 */
function playwrightDisabledFeatures(): string[] {
  const core = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]);
  if (!names.includes('PaintHolding')) throw new Error('e2e/support/chromium.ts: no list of disabled features in Playwright');
  return names;
}

/**
 * Since 15x, every window of a headless Chromium starts the address bar's suggestion popup, as
 * two pages of its own (`chrome://omnibox-popup.top-chrome/`, one for each kind of popup): about
 * 0.25 s of processor for every page a test opens, for a bar no test sees.
 */
const UNUSED_BROWSER_PARTS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  `--disable-features=${[...playwrightDisabledFeatures(), ...UNUSED_BROWSER_PARTS].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
