import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

// The server's own key (decision 0034): FEED_KEY, else the key in FEED_KEY_FILE, written there
// (owner-only) at the first need. It derives the personal calendar secrets, and, under a purpose
// of their own, signs the cookies of the devices members signed in from.

const keys = new WeakMap<Pick<Config, 'feedKey' | 'feedKeyFile'>, Buffer>();

/** The server's key: FEED_KEY, else FEED_KEY_FILE's, written there (owner-only) at the first need. */
export function serverKeyOf(config: Pick<Config, 'feedKey' | 'feedKeyFile'>): Buffer {
  let key = keys.get(config);
  if (key) return key;
  if (config.feedKey) {
    key = Buffer.from(config.feedKey, 'utf8');
  } else {
    try {
      key = Buffer.from(readFileSync(config.feedKeyFile, 'utf8').trim(), 'hex');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      mkdirSync(path.dirname(config.feedKeyFile), { recursive: true });
      // 'wx': of two processes starting at once, the second reads the first one's key.
      try {
        writeFileSync(config.feedKeyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (writeError) {
        if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      }
      key = Buffer.from(readFileSync(config.feedKeyFile, 'utf8').trim(), 'hex');
    }
    if (key.length < 32) throw new Error(`${config.feedKeyFile} holds no feed key of 32 bytes`);
  }
  keys.set(config, key);
  return key;
}

/** A key of its own for one purpose, derived from the server's key. */
export function purposeKeyOf(config: Pick<Config, 'feedKey' | 'feedKeyFile'>, purpose: string): Buffer {
  return createHmac('sha256', serverKeyOf(config)).update(`purpose:${purpose}`).digest();
}
