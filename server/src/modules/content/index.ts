// The content module's public face: the Markdown renderer. Its routes are registered by
// modules/index.ts only.
export { renderMarkdown } from './markdown.ts';
