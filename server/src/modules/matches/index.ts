// Match day: what other modules may use of it.
// Nothing yet: its routes are registered by modules/index.ts.
export {};
