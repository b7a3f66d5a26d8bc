import { config } from 'zod/v4/core';

// The site's CSP allows no eval. Zod compiles object parsers with `new Function` where it can,
// and its probe for that is reported by the browser as a CSP violation even though zod catches
// the refusal; without JIT it never probes. This module must be evaluated before any schema is
// built, so `main.tsx` imports it first.
config({ jitless: true });
