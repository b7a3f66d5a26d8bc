// The contact module's public face: what other modules and the app may use.
export { contactRoutes } from './routes.ts';
