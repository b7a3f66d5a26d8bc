// The admin module's public face: what other modules and the app may use.
export { adminRoutes } from './routes.ts';
