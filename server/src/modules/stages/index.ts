// The stages module's public face: what other modules and the app may use.
export { stagesRoutes } from './routes.ts';
