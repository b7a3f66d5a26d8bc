// The stages module's public face: what other modules and the app may use.
export { usableStageName } from './repository.ts';
export { stagesHooks } from './member-data.ts';
