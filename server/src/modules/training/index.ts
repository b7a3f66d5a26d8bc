// The members' training log: what other modules and the app may use of it.
export { trainingRoutes } from './routes.ts';
