import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC_AREAS, initialLanguage, setUpI18n } from './i18n.ts';

afterEach(() => vi.unstubAllGlobals());

describe('i18n', () => {
  it('knows the 22 translation areas of SPEC §7', () => {
    expect(SPEC_AREAS).toHaveLength(22);
    expect(new Set(SPEC_AREAS).size).toBe(22);
  });

  it('loads each area from /assets/i18n/{area}/{lang}.json and treats a broken or missing file as empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        if (url.includes('/common/')) return new Response('{"loading":"Carregant"}', { status: 200 });
        if (url.includes('/header/')) return new Response('{ not json', { status: 200 });
        return new Response('', { status: 404 });
      }),
    );
    const { i18n, ready } = setUpI18n('ca');
    await ready;
    expect(i18n.isInitialized).toBe(true);
    await i18n.loadNamespaces(['common', 'header', 'footer']);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/assets/i18n/common/ca.json',
        '/assets/i18n/header/ca.json',
        '/assets/i18n/footer/ca.json',
      ]),
    );
    expect(i18n.t('common:loading')).toBe('Carregant');
    // A broken file does not break the app: its keys show as keys.
    expect(i18n.t('header:NAV.ABOUT')).toBe('NAV.ABOUT');
    expect(warn).toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('ca');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('ipsc-club.lang')).toBe('en');
    // The server reads the same choice from a cookie to draw the home page in that language.
    expect(document.cookie).toContain('ipsc-club.lang=en');
  });

  it('starts in the stored choice, else in the language the page was drawn in, else Spanish', () => {
    localStorage.removeItem('ipsc-club.lang');
    document.documentElement.lang = 'ca';
    // The cookie drew the page in Catalan and nothing is stored: Catalan, not Spanish over it.
    expect(initialLanguage()).toBe('ca');
    localStorage.setItem('ipsc-club.lang', 'en');
    expect(initialLanguage()).toBe('en');
    localStorage.removeItem('ipsc-club.lang');
    document.documentElement.lang = 'de';
    expect(initialLanguage()).toBe('es');
    document.documentElement.lang = '';
    expect(initialLanguage()).toBe('es');
  });
});
