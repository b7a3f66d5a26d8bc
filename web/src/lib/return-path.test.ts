import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/calendar?month=2026-12&event=abc')).toBe('/calendar?month=2026-12&event=abc');
    expect(safeReturnPath('/my-registrations#next')).toBe('/my-registrations#next');
  });

  it('refuses another origin, whatever the spelling', () => {
    for (const value of [
      'https://evil.example/calendar',
      'http://evil.example',
      '//evil.example/calendar',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'calendar',
      '/\tevil',
      ' /calendar',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('normalises first: odd spellings of another origin are refused too', () => {
    for (const value of [
      '/.//evil.example',
      '/./\\evil.example',
      '/..//evil.example',
      '/calendar/..//evil.example',
      '/%2f/evil.example',
      '/%2F%2Fevil.example',
      '/%2fevil.example',
      '/%5cevil.example',
      '/%5C%5Cevil.example',
      '/.%2f/evil.example',
      '/\t/evil.example',
      '/\n//evil.example',
      '/%09/evil.example',
      '/%zz',
      '/%25252f%25252fevil.example',
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
    // Dot segments inside the site are fine once resolved.
    expect(safeReturnPath('/stages/./list/../briefing')).toBe('/stages/briefing');
  });

  it('never returns to the login screen itself', () => {
    expect(safeReturnPath('/login?next=/calendar')).toBeNull();
    expect(safeReturnPath('/./login')).toBeNull();
    expect(safeReturnPath('/%6cogin')).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries the path, encoded, as next', () => {
    const address = loginPathReturningTo('/calendar?month=2026-12&event=abc');
    expect(address).toBe('/login?next=%2Fcalendar%3Fmonth%3D2026-12%26event%3Dabc');
    expect(safeReturnPath(new URLSearchParams(address.split('?')[1]).get('next'))).toBe(
      '/calendar?month=2026-12&event=abc',
    );
  });
});
