import { useTranslation } from 'react-i18next';
import { listIn, textIn } from '@club/contract/content-view';
import type { LocalizedText } from '@club/contract/content-view';
import { isLanguage, DEFAULT_LANGUAGE } from '@club/contract/languages';

/** A content text in the page's language, falling back to the club's (never an empty box). */
export function useContentText(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (text) => textIn(text, language);
}

/** A comma-separated content text (an instructor's specialities) as its words in the page's language. */
export function useContentList(): (text: LocalizedText | undefined) => string[] {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (text) => listIn(text, language);
}
