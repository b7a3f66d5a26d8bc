import { useTranslation } from 'react-i18next';
import { textIn } from '@club/contract/content-view';
import type { LocalizedText } from '@club/contract/content-view';
import { isLanguage, DEFAULT_LANGUAGE } from '@club/contract/languages';

/** A content text in the page's language, falling back to the club's (never an empty box). */
export function useContentText(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (text) => textIn(text, language);
}
