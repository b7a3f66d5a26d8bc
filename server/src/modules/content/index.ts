// The content module's public face: what visitors see now and the pages drawn from it. Its routes
// are registered by modules/index.ts only.
export { publicContentFor } from './reader.ts';
export { createDrawnPages } from './drawn-pages.ts';
export type { DrawnPages } from './drawn-pages.ts';
