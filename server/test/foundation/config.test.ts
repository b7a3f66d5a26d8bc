import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has the defaults of API.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:data/club.db',
      mailOutbox: 'data/outbox',
      clubTimezone: 'Europe/Madrid',
      seed: 'demo',
      publicUrl: 'http://127.0.0.1:3000',
      rateLimits: { enabled: true, login: 10, forgotten: 5, register: 20, contact: 5 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db/club',
      MAIL_OUTBOX: '/tmp/out',
      PUBLIC_URL: 'https://club.example/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Club <club@club.example>',
      CLUB_EMAIL: 'info@club.example',
      CLUB_TIMEZONE: 'Atlantic/Canary',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_FORGOTTEN: '4',
      RATE_LIMIT_REGISTER: '6',
      RATE_LIMIT_CONTACT: '7',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db/club',
      publicUrl: 'https://club.example',
      smtpUrl: 'smtp://mail:25',
      clubEmail: 'info@club.example',
      clubTimezone: 'Atlantic/Canary',
      seed: 'none',
      logLevel: 'warn',
      rateLimits: { enabled: false, login: 3, forgotten: 4, register: 6, contact: 7 },
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['CLUB_EMAIL', 'nobody'],
    ['CLUB_TIMEZONE', 'Mars/Olympus'],
    ['SEED', 'lots'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMITS', 'maybe'],
    ['RATE_LIMIT_LOGIN', '0'],
    ['RATE_LIMIT_CONTACT', 'many'],
  ])('refuses %s=%s and names the variable', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
  });
});
