// The club's stage library: what other modules and the app may use of it.
export { libraryRoutes } from './routes.ts';
export { libraryStageExists, newLibraryRow } from './service.ts';
