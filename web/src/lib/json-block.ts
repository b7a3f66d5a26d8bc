/**
 * What a page carries in a JSON data block (`<script type="application/json" id="…">`), which our
 * own server or build wrote into it: the content (decision 0062), a visitor's month (0073), a
 * results page's header (0075). Undefined without a document, without the block, or when it does
 * not parse. The public pages carry no schema code to check it with.
 */
export function readJsonBlock<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
