import i18n from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, isLanguage } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';
import { readPreference, writePreference } from './session-storage.ts';

export { DEFAULT_LANGUAGE, LANGUAGES };
export type { Language };

/** The translation areas of SPEC §7 (22), plus the areas of screens beyond SPEC. */
export const TEAM_AREAS = ['team/marta-ribas', 'team/jordi-puig', 'team/elena-navarro', 'team/sergio-ortega'] as const;
export const SPEC_AREAS = [
  'common',
  'header',
  'footer',
  'events-calendar',
  'login',
  'register',
  'forgoten',
  'calendar',
  'change-password',
  'reset-password',
  'home/hero',
  'home/about',
  'home/team',
  'home/fees',
  'home/contact',
  'home/trainings',
  ...TEAM_AREAS,
  'stage-designer',
  'library',
] as const;
export const EXTRA_AREAS = ['profile', 'admin', 'legal', 'dry-training', 'my-registrations', 'reminders-off', 'membership', 'targets'] as const;

/** Loads `/assets/i18n/{area}/{lang}.json`; a missing or broken file is logged and read as empty. */
const httpBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/assets/i18n/${namespace}/${language}.json`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data: unknown = await response.json();
        if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a JSON object');
        callback(null, data as Record<string, unknown>);
      })
      .catch((err: unknown) => {
        console.warn(`Translation file ${namespace}/${language}.json could not be loaded:`, err);
        callback(null, {});
      });
  },
};

/**
 * The language to start in: the visitor's last choice kept in this browser; else the language
 * the page came in (the server draws it in the language of the `ipsc-club.lang` cookie, which
 * may be there without the local choice: a cleared storage, another tab's choice), so the app
 * never starts in another language over the drawing; else Spanish.
 */
export function initialLanguage(): Language {
  const stored = readPreference('lang');
  if (isLanguage(stored)) return stored;
  const served = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(served) ? served : DEFAULT_LANGUAGE;
}

function rememberLanguage(language: Language): void {
  document.documentElement.lang = language;
  writePreference('lang', language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Starts i18next with the shell's areas; screens load their own areas when they mount.
 * `ready` resolves once those areas are loaded (a missing file counts as loaded, empty).
 */
export function setUpI18n(language: Language = initialLanguage()): { i18n: typeof i18n; ready: Promise<unknown> } {
  // Remember a change only. i18next also reports the starting language, once the shell's texts
  // have arrived; writing it then would put back the language this page started in over one
  // chosen meanwhile (in another tab), and the next load would open in the old one.
  let current = language;
  i18n.on('languageChanged', (lng) => {
    if (!isLanguage(lng) || lng === current) return;
    current = lng;
    rememberLanguage(lng);
  });
  const ready = i18n
    .use(httpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'header', 'footer'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  rememberLanguage(language);
  return { i18n, ready };
}
