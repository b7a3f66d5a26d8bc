// The club's stage library: what other modules and the app may use of it.
export { addLibraryStage, libraryStageExists, libraryStageName } from './service.ts';
