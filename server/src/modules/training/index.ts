// The members' training log: what other modules and the app may use of it.
export { trainingHooks } from './member-data.ts';
