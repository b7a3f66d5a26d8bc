export { contentRoutes } from './routes.ts';
export { renderMarkdown } from './markdown.ts';
