// Match day: what other modules may use of it. Its routes are registered by modules/index.ts.
export { matchesHooks } from './member-data.ts';
export { writeImport } from './import.ts';
export type { ImportedMatch } from './practiscore.ts';
export { resultsPages } from './drawn-results.ts';
