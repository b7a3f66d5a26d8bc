import type { LocalizedText } from '@club/contract/content-view';
import { useContentLanguage, useContentText } from './text.ts';

/**
 * A content text inside a line of the page: as is in the page's language, or in a `<span lang>`
 * naming the language it is shown in where staff have not written the page's yet.
 */
export function ContentText({ value }: { value: LocalizedText }) {
  const text = useContentText();
  const other = useContentLanguage()(value);
  return other ? <span lang={other}>{text(value)}</span> : <>{text(value)}</>;
}
