// The club's stage library: what other modules and the app may use of it.
export { addLibraryStage, libraryStageExists } from './service.ts';
