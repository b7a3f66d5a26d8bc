// Boundaries of the web app (web/src), kept by `npm run lint`:
// - a feature (web/src/features/<name>) never imports another feature; what two features share
//   lives in web/src/lib or web/src/components;
// - shared code (web/src/lib, web/src/components) never imports a feature.
// The rule resolves each relative import against the importing file, so it judges where the
// imported file is, whatever the path looks like.
import path from 'node:path';

// From this file, not the working directory: `npm run lint -w web` lints from web/.
const SRC = path.resolve(import.meta.dirname, '..', 'web', 'src');
const SHARED = ['lib', 'components'];

/** Where a file sits: the feature it belongs to, or 'shared', or null (app, prerender...). */
function placeOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, name] = relative.split(path.sep);
  if (top === 'features' && name !== undefined) return { kind: 'feature', name };
  if (SHARED.includes(top)) return { kind: 'shared', name: top };
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features never import each other; web/src/lib and web/src/components never import a feature.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}': move what both need to web/src/lib or web/src/components.",
      sharedToFeature: "web/src/{{from}} is shared code and must not import feature '{{to}}'.",
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from === null) return {};
    const check = (source) => {
      if (source === null || source === undefined || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source.value));
      if (to === null || to.kind !== 'feature') return;
      if (from.kind === 'feature' && from.name !== to.name) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: from.name, to: to.name } });
      } else if (from.kind === 'shared') {
        context.report({ node: source, messageId: 'sharedToFeature', data: { from: from.name, to: to.name } });
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
