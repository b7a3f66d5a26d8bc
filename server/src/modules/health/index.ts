// The health module's public face: what other modules and the app may use.
export { healthRoutes } from './routes.ts';
