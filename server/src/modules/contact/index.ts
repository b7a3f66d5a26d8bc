// The contact module's public face: what other modules and the app may use.
export { listMessages, updateMessage } from './inbox.ts';
export { contactHooks } from './member-data.ts';
