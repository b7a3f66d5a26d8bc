import { DEFAULT_LANGUAGE, isLanguage } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';

/** The language a member's mails are written in: their stored one, es when it is none of ours. */
export function mailLanguageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The first of our languages in an Accept-Language header, by preference weight; undefined when
 * it names none of them (the stored language is then left as it is).
 */
export function languageFromHeader(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage);
}
