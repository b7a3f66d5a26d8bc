export { publicContentFor } from './reader.ts';
export { createDrawnPages } from './drawn-pages.ts';
export type { DrawnPages } from './drawn-pages.ts';
