// The auth module's public face: what other modules and the app may use.
export { memberOfToken } from './kept-sessions.ts';
export type { SignedIn } from './kept-sessions.ts';
export { authHooks } from './member-data.ts';
