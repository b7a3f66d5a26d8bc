// The contact module's public face: what other modules and the app may use.
// Nothing yet: its routes are registered by modules/index.ts.
export {};
