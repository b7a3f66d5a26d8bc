import { z } from 'zod';
import { CLUB_TIMEZONE } from '@club/contract/club-time';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { mailSender } from './mail/club-name.ts';

/** A configuration value that the server refuses to start with. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const onOff = z.enum(['on', 'off']);
const positiveInt = z.coerce.number().int().min(1).max(1_000_000);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or postgres://...')
    .default('sqlite:data/club.db'),
  MAIL_OUTBOX: z.string().min(1).default('data/outbox'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@club.invalid'),
  CLUB_EMAIL: z.email().optional(),
  CLUB_TIMEZONE: z
    .string()
    .refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as Europe/Madrid')
    // The web app reads the same settings file, so both agree unless a club overrides this.
    .default(CLUB_TIMEZONE),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: onOff.default('on'),
  RATE_LIMIT_LOGIN: positiveInt.default(10),
  RATE_LIMIT_FORGOTTEN: positiveInt.default(5),
  RATE_LIMIT_REGISTER: positiveInt.default(20),
  RATE_LIMIT_CONTACT: positiveInt.default(5),
  WEB_DIST: z.string().min(1).optional(),
  REMINDER_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
  MAIL_RETRY_LIMIT: positiveInt.default(8),
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  JOBS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  JOBS_WORKER_GONE_MS: z.coerce.number().int().min(300).max(3_600_000).default(10_000),
  FEED_KEY: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  FEED_KEY_FILE: z.string().min(1).default('data/feed.key'),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  mailOutbox: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  clubEmail: string | undefined;
  clubTimezone: string;
  seed: 'demo' | 'none';
  logLevel: string;
  rateLimits: {
    enabled: boolean;
    login: number;
    forgotten: number;
    register: number;
    contact: number;
  };
  /** Folder of the built web app; undefined serves no app (API-only tests). */
  webDist: string | undefined;
  /** Hours before an event's start that its reminder goes out; 0: no reminders. */
  reminderHours: number;
  jobs: {
    /** Tries of a mail before it is marked failed. */
    retryLimit: number;
    /** How often the worker looks for due work; 0 runs no worker in the process. */
    pollMs: number;
    /**
     * How long a claim holds when its worker has no heartbeat row (a process of a version before
     * heartbeats); a worker with a heartbeat keeps its claims as long as it beats.
     */
    leaseMs: number;
    /** How often each worker writes its heartbeat. */
    heartbeatMs: number;
    /** A worker whose heartbeat is older than this is gone: its claimed jobs are taken back. */
    goneMs: number;
  };
  /**
   * The key personal calendar addresses are derived with (decision 0034): FEED_KEY, or else the
   * key in FEED_KEY_FILE, made at the first need. Every process of one club needs the same.
   */
  feedKey: string | undefined;
  feedKeyFile: string;
}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as a shell `VAR=` usually means.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `(${JSON.stringify(env[variable] ?? '')}): ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    mailOutbox: e.MAIL_OUTBOX,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: mailSender(e.MAIL_FROM),
    clubEmail: e.CLUB_EMAIL,
    clubTimezone: e.CLUB_TIMEZONE,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      enabled: e.RATE_LIMITS === 'on',
      login: e.RATE_LIMIT_LOGIN,
      forgotten: e.RATE_LIMIT_FORGOTTEN,
      register: e.RATE_LIMIT_REGISTER,
      contact: e.RATE_LIMIT_CONTACT,
    },
    webDist: e.WEB_DIST,
    reminderHours: e.REMINDER_HOURS,
    jobs: {
      retryLimit: e.MAIL_RETRY_LIMIT,
      pollMs: e.JOBS_POLL_MS,
      leaseMs: e.JOBS_LEASE_MS,
      heartbeatMs: e.JOBS_HEARTBEAT_MS,
      // Three missed beats at least: one slow write never makes a live worker look gone.
      goneMs: Math.max(e.JOBS_WORKER_GONE_MS, 3 * e.JOBS_HEARTBEAT_MS),
    },
    feedKey: e.FEED_KEY,
    feedKeyFile: e.FEED_KEY_FILE,
  };
}

/** The club's own address: where mails to the club go, and where replies to account notices reach it. */
export function clubAddress(config: Pick<Config, 'clubEmail'>): string {
  return config.clubEmail ?? siteSettings.email;
}
