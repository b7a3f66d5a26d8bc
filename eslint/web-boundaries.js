// Boundaries of the web app (web/src), kept by `npm run lint`:
// - a feature (web/src/features/<name>) never imports another feature, nor web/src/app: the app
//   composes features, not the other way round;
// - shared code (web/src/lib, web/src/components) never imports a feature or web/src/app;
// - the tests' shared helpers (web/src/test) never import a feature: a helper one feature's tests
//   need lives in that feature.
// The rule resolves each import to the file it names, whatever its form: relative ('../x'),
// rooted at the web app as Vite reads it ('/src/x'), absolute, or by the package's name
// ('@club/web/src/x'); so it judges where the imported file is, however the path is written.
import path from 'node:path';

// From this file, not the working directory: `npm run lint -w web` lints from web/.
const REPO = path.resolve(import.meta.dirname, '..');
const WEB = path.join(REPO, 'web');
const SRC = path.join(WEB, 'src');
const SHARED = ['lib', 'components'];
const PLACES = ['app', 'test', 'prerender'];

/** Where a file sits: a feature, 'shared', 'app', 'test', 'prerender', or null (main.tsx, styles...). */
export function placeOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, name] = relative.split(path.sep);
  if (top === 'features' && name !== undefined) return { kind: 'feature', name };
  if (SHARED.includes(top)) return { kind: 'shared', name: top };
  if (PLACES.includes(top) && name !== undefined) return { kind: top, name: top };
  return null;
}

/** The file an import names, or null for a package other than the web app itself. */
export function resolveImport(source, importer) {
  if (source.startsWith('.')) return path.resolve(path.dirname(importer), source);
  if (source.startsWith('@club/web/')) return path.join(WEB, source.slice('@club/web/'.length));
  if (source.startsWith('/')) {
    // A path already inside the repository is absolute; any other is rooted at the web app (Vite).
    return source.startsWith(`${REPO}${path.sep}`) ? source : path.join(WEB, source);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Web features import neither each other nor the app; shared code imports no feature and not the app; test helpers import no feature.',
    },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}': move what both need to web/src/lib or web/src/components.",
      featureToApp: "Feature '{{from}}' must not import web/src/app: the app composes the features, not the other way round.",
      sharedToFeature: "web/src/{{from}} is shared code and must not import feature '{{to}}'.",
      sharedToApp: 'web/src/{{from}} is shared code and must not import web/src/app.',
      testToFeature:
        "web/src/test holds helpers shared by every test and must not import feature '{{to}}': keep a helper of one feature's tests in that feature.",
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from === null) return {};
    const check = (source) => {
      if (source === null || source === undefined || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(source.value, context.filename);
      if (target === null) return;
      const to = placeOf(target);
      if (to === null) return;
      const report = (messageId) => context.report({ node: source, messageId, data: { from: from.name, to: to.name } });
      if (from.kind === 'feature') {
        if (to.kind === 'feature' && to.name !== from.name) report('crossFeature');
        else if (to.kind === 'app') report('featureToApp');
      } else if (from.kind === 'shared') {
        if (to.kind === 'feature') report('sharedToFeature');
        else if (to.kind === 'app') report('sharedToApp');
      } else if (from.kind === 'test' && to.kind === 'feature') {
        report('testToFeature');
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
