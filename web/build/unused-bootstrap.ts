import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transform } from 'lightningcss';
import type { Selector } from 'lightningcss';
import type { Plugin } from 'vite';

/**
 * Bootstrap's stylesheet without the rules of classes the site never uses (decision 0058).
 *
 * Bootstrap ships some 2,000 classes; the site uses a few hundred. Every rule a page loads is
 * parsed when the stylesheet arrives and weighed again at every style recalculation, so the
 * unused ones cost each app screen's start on a phone. A class counts as used when its name
 * occurs as a word anywhere in the code that could write it (the web app's and the packages'
 * source, the server's, react-bootstrap's own code), or when it is one of react-bootstrap's
 * prefixes followed by such words and numbers joined by dashes (`btn-` + `outline-primary`,
 * `col-` + `md-6`, `modal-` + `dialog-centered`): the library composes those names at run time.
 * A rule is dropped only when none of its selectors can match; element, attribute and state
 * selectors always count as possible, and everything else in the stylesheet (custom properties,
 * keyframes, at-rules) stays.
 */
export function unusedBootstrapFilter(words: ReadonlySet<string>, prefixes: readonly string[]): (name: string) => boolean {
  // A word or a number, or a word, a dash and the rest composed likewise (`dialog-centered`,
  // `md-6`, `outline-primary`).
  const composed = (rest: string): boolean => {
    if (words.has(rest) || /^\d+$/.test(rest)) return true;
    const parts = rest.split('-');
    return parts.slice(1).some((_, i) => words.has(parts.slice(0, i + 1).join('-')) && composed(parts.slice(i + 1).join('-')));
  };
  return (name) => words.has(name) || prefixes.some((prefix) => name.startsWith(`${prefix}-`) && composed(name.slice(prefix.length + 1)));
}

/** The stylesheet less the rules none of whose selectors can match a class in use. */
export function dropUnusedRules(css: string, inUse: (name: string) => boolean): string {
  const mayMatch = (selector: Selector) => selector.every((component) => component.type !== 'class' || inUse(component.name));
  const { code } = transform({
    filename: 'bootstrap.min.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style: (rule) => (rule.value.selectors.some(mayMatch) ? undefined : []),
      },
    },
  });
  return code.toString();
}

const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|html|json)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !path.relative(folder, entry.parentPath).includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * react-bootstrap's modules the site imports (`react-bootstrap/Modal`, or `{ Modal }` from the
 * package), with every module of the package they import in turn.
 */
function reactBootstrapModules(sources: readonly string[], esm: string): string[] {
  const queue: string[] = [];
  for (const text of sources) {
    for (const [, name] of text.matchAll(/from ['"]react-bootstrap\/([\w]+)['"]/g)) queue.push(`${name}.js`);
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]react-bootstrap['"]/g)) {
      for (const name of names.split(',').map((part) => part.trim())) {
        // `type X` imports no module.
        if (name !== '' && !name.startsWith('type ')) queue.push(`${name.split(/\s+as\s+/)[0]}.js`);
      }
    }
  }
  const seen = new Set<string>();
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(esm, file), 'utf8');
    for (const [, relative] of text.matchAll(/from ['"]\.\/([\w]+)(?:\.js)?['"]/g)) queue.push(`${relative}.js`);
  }
  return [...seen].map((file) => path.join(esm, file));
}

/** Every word of the code that can write a class name, and react-bootstrap's class prefixes. */
function wordsInUse(repository: string): { words: Set<string>; prefixes: string[] } {
  const reactBootstrap = path.dirname(createRequire(path.join(repository, 'web/package.json')).resolve('react-bootstrap/package.json'));
  const ours = [
    ...filesUnder(path.join(repository, 'web/src')),
    path.join(repository, 'web/index.html'),
    ...filesUnder(path.join(repository, 'server/src')),
    ...readdirSync(path.join(repository, 'packages')).flatMap((name) => filesUnder(path.join(repository, 'packages', name, 'src'))),
  ].map((file) => readFileSync(file, 'utf8'));
  const library = reactBootstrapModules(ours, path.join(reactBootstrap, 'esm')).map((file) => readFileSync(file, 'utf8'));
  const words = new Set<string>();
  const prefixes = new Set(['bg', 'text-bg', 'text', 'border', 'col', 'row-cols', 'order', 'offset', 'g', 'gx', 'gy']);
  for (const text of [...ours, ...library]) {
    for (const [word] of text.matchAll(/[A-Za-z0-9_-]+/g)) words.add(word);
    for (const [, prefix] of text.matchAll(/useBootstrapPrefix\([^,()]*,\s*['"]([\w-]+)['"]\)/g)) prefixes.add(prefix);
  }
  return { words, prefixes: [...prefixes] };
}

/** Trims Bootstrap's stylesheet as the build reads it (production builds only). */
export function trimBootstrap(): Plugin {
  let repository = '';
  return {
    name: 'club-trim-bootstrap',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      repository = path.resolve(config.root, '..');
    },
    transform(code, id) {
      if (!/[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap\.min\.css$/.test(id.split('?')[0])) return null;
      const { words, prefixes } = wordsInUse(repository);
      return { code: dropUnusedRules(code, unusedBootstrapFilter(words, prefixes)), map: null };
    },
  };
}
