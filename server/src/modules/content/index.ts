// The content module's public face: what visitors see now and the pages drawn from it. Its routes
// are registered by modules/index.ts only.
export { contentPages, publicContentFor } from './reader.ts';
export { contentHooks } from './member-data.ts';
