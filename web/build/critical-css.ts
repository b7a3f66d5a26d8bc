import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import type { Selector } from 'lightningcss';

/**
 * The rules of a page's stylesheets that can apply to its drawn markup: every rule with at least
 * one selector whose classes, ids and element names all occur in the markup. Anything inside
 * `:not()`, `:is()` and the like, attributes, states and pseudo-elements count as present, so
 * a rule is dropped only when it certainly matches nothing in the drawing. At-rules keep their
 * kept rules (a media query keeps the grid's column rules of the columns drawn). Of the custom
 * properties (Bootstrap defines some three hundred on `:root`), only those the kept rules or the
 * markup read stay, with those their values read in turn (`unusedCustomProperties`): the rest
 * change nothing in the drawing, and a page's first bytes are what arrive first.
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
  const unused = unusedCustomProperties(kept, markup);
  const css = kept
    .map((code, index) =>
      transform({
        filename: path.basename(stylesheets[index]!),
        code: Buffer.from(code),
        minify: true,
        visitor: { Declaration: { custom: (property) => (unused.has(property.name) ? [] : undefined) } },
      }).code.toString(),
    )
    .join('');
  if (/<\/style/i.test(css)) throw new Error('critical CSS: a stylesheet holds "</style"');
  return css;
}

// A custom property's name wherever it occurs in a declaration as lightningcss reads it: a
// `var()` names it as an identifier. Over-inclusive (any such string counts), never missing one.
const NAMES = /"(--[\w-]+)"/g;

/**
 * The custom properties `stylesheets` define that nothing reads: not a declaration of another
 * kind, not the markup's `var()`s (inline styles), and not the value of a custom property that
 * is itself read (followed until nothing new is read).
 */
function unusedCustomProperties(stylesheets: readonly string[], markup: string): Set<string> {
  const definitions = new Map<string, string[]>();
  const read = new Set<string>();
  for (const match of markup.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(match[1]!);
  for (const code of stylesheets) {
    transform({
      filename: 'critical.css',
      code: Buffer.from(code),
      visitor: {
        Declaration(declaration) {
          // lightningcss reads a property it does not know (`clip`, `-webkit-tap-highlight-color`)
          // as 'custom' too: only a name with two dashes is a custom property.
          if (declaration.property === 'custom' && declaration.value.name.startsWith('--')) {
            const names = [...JSON.stringify(declaration.value.value).matchAll(NAMES)].map((match) => match[1]!);
            definitions.set(declaration.value.name, [...(definitions.get(declaration.value.name) ?? []), ...names]);
          } else {
            for (const match of JSON.stringify(declaration).matchAll(NAMES)) read.add(match[1]!);
          }
          return undefined;
        },
      },
    });
  }
  const pending = [...read];
  while (pending.length > 0) {
    for (const name of definitions.get(pending.pop()!) ?? []) {
      if (read.has(name)) continue;
      read.add(name);
      pending.push(name);
    }
  }
  return new Set([...definitions.keys()].filter((name) => !read.has(name)));
}
