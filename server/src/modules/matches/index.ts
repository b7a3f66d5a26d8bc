// Match day: what other modules and the app may use of it.
export { matchesRoutes } from './routes.ts';
