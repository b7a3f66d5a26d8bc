// Building a schema costs: zod makes each one out of several objects, and a page of the web app
// evaluates the contract's modules, hundreds of schemas, before its first screen, on a phone tens
// of milliseconds in one task. A schema of the contract is therefore built the first time
// something reads it (a parse, a field of its shape, a schema built on it), and only then; what a
// screen never parses is never built. The server builds what its routes read as it starts.

let built = 0;

/**
 * Stands for the schema `make` returns, building it on first use. Everything read from it is
 * read from the schema itself (its methods bound to it), so it is used as the schema would be:
 * parsed, extended, nested in another schema, checked with `instanceof`.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let schema: T | undefined;
  const real = (): T => {
    if (schema === undefined) {
      schema = make();
      built += 1;
    }
    return schema;
  };
  const bound = new Map<PropertyKey, { method: (...args: unknown[]) => unknown; bound: unknown }>();
  return new Proxy({} as T, {
    get(_target, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const kept = bound.get(key);
      if (kept?.method === value) return kept.bound;
      const method = value as (...args: unknown[]) => unknown;
      const fresh = method.bind(target);
      bound.set(key, { method, bound: fresh });
      return fresh;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in holds none of the schema's properties itself: each is reported configurable,
      // as a proxy must for a property its target does not have.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
  });
}

/** How many lazily kept schemas have been built so far (tests: what importing builds). */
export function builtSchemaCount(): number {
  return built;
}
