// The members' training log: what other modules and the app may use of it.
// Nothing yet: its routes are registered by modules/index.ts.
export {};
