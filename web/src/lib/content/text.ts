import { useTranslation } from 'react-i18next';
import { languageIn, listIn, textIn } from '@club/contract/content-view';
import type { LocalizedText } from '@club/contract/content-view';
import { isLanguage, DEFAULT_LANGUAGE } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';

function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** A content text in the page's language, falling back to the club's (never an empty box). */
export function useContentText(): (text: LocalizedText) => string {
  const language = usePageLanguage();
  return (text) => textIn(text, language);
}

/**
 * The language a content text is shown in where it is not the page's (staff have not written it
 * in the page's language yet), for the element's `lang`; undefined where it is the page's.
 */
export function useContentLanguage(): (text: LocalizedText) => Language | undefined {
  const language = usePageLanguage();
  return (text) => {
    const shown = languageIn(text, language);
    return shown === language ? undefined : shown;
  };
}

/** A comma-separated content text (an instructor's specialities) as its words in the page's language. */
export function useContentList(): (text: LocalizedText | undefined) => string[] {
  const language = usePageLanguage();
  return (text) => listIn(text, language);
}
