import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import type { Selector } from 'lightningcss';

/**
 * The rules of a page's stylesheets that can apply to its drawn markup: every rule with at least
 * one selector whose classes, ids and element names all occur in the markup. Anything inside
 * `:not()`, `:is()` and the like, attributes, states and pseudo-elements count as present, so
 * a rule is dropped only when it certainly matches nothing in the drawing. At-rules keep their
 * kept rules (a media query keeps the grid's column rules of the columns drawn), and custom
 * properties on `:root` stay whole.
 *
 * A drawn page inlines this subset and loads its whole stylesheets without blocking the first
 * paint; they hold the same rules in the same order, so when they arrive nothing drawn changes.
 */
export function criticalCss(markup: string, stylesheets: readonly string[]): string {
  const classes = new Set<string>();
  const ids = new Set<string>();
  const tags = new Set(['html', 'head', 'body']);
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) classes.add(name);
  }
  for (const match of markup.matchAll(/\sid="([^"]*)"/g)) ids.add(match[1]);
  for (const match of markup.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) tags.add(match[1].toLowerCase());

  const mayMatch = (selector: Selector) =>
    selector.every((component) => {
      if (component.type === 'class') return classes.has(component.name);
      if (component.type === 'id') return ids.has(component.name);
      if (component.type === 'type') return tags.has(component.name.toLowerCase());
      return true;
    });

  const kept = stylesheets.map((file) => {
    const { code } = transform({
      filename: path.basename(file),
      code: readFileSync(file),
      minify: true,
      visitor: {
        Rule: {
          // A rule is kept whole or dropped: rewriting its selector list is not needed, and
          // returning nothing leaves it as it is.
          style: (rule) => (rule.value.selectors.some(mayMatch) ? undefined : []),
        },
      },
    });
    return code.toString();
  });
  const css = kept.join('');
  if (/<\/style/i.test(css)) throw new Error('critical CSS: a stylesheet holds "</style"');
  return css;
}
