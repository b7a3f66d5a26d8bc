import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

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

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
