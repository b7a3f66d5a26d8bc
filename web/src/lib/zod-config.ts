// The site's CSP allows no eval. Zod compiles object parsers with `new Function` where it can,
// and its probe for that is reported by the browser as a CSP violation even though zod catches
// the refusal; without JIT it never probes. Zod reads its settings from this global when its core
// is first evaluated (what its `config()` writes to), so setting it here, before any schema is
// built, needs no import of zod: the app's entry keeps zod out, and the chunks that build schemas
// can run before it (web/build/chunk-order.ts). `main.tsx` imports this module first; a drawn
// page's starter sets the same global before anything else.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
