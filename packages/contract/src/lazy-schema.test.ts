import { describe, expect, it, vi } from 'vitest';
import type * as Zod from 'zod';

// Every call the contract's modules make on zod's `z`, counted: a schema is always begun by one
// (a chained `.optional()` starts from a `z.string()`), so a module that builds a schema as it
// loads makes at least one.
const zCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof Zod>();
  const counted = new Proxy(actual.z, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || /^[A-Z$]/.test(String(key))) return value;
      return (...args: unknown[]) => {
        zCalls.count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...actual, z: counted, default: counted };
});

// Vite's glob import, which the tests run through (the contract has no Vite types of its own).
declare global {
  interface ImportMeta {
    glob<T>(patterns: string[]): Record<string, () => Promise<T>>;
  }
}

const { lazySchema, builtSchemaCount } = await import('./lazy-schema.ts');
const { z } = await import('zod');

describe('lazySchema', () => {
  it('builds the schema on first use, once, and is used as the schema itself', () => {
    const make = vi.fn(() => z.object({ name: z.string(), age: z.number().int().optional() }));
    const person = lazySchema(make);
    expect(make).not.toHaveBeenCalled();

    expect(person.parse({ name: 'Laia' })).toEqual({ name: 'Laia' });
    expect(person.safeParse({ name: 3 }).success).toBe(false);
    expect(Object.keys(person.shape)).toEqual(['name', 'age']);
    expect(person instanceof z.ZodObject).toBe(true);
    expect('_zod' in person).toBe(true);
    // A schema built on it, nested in another and extended from it.
    const team = z.object({ lead: person, members: z.array(person) });
    expect(team.parse({ lead: { name: 'Marc' }, members: [] }).lead.name).toBe('Marc');
    expect(person.extend({ role: z.string() }).safeParse({ name: 'Pau' }).success).toBe(false);
    expect(person.safeParse).toBe(person.safeParse);
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe("the contract's modules", () => {
  it('build no schema as they load; reading one builds it and what it is made of', async () => {
    const before = { calls: zCalls.count, built: builtSchemaCount() };
    // Every module of the contract but the tests, each imported here for the first time.
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts']);
    expect(Object.keys(modules).length).toBeGreaterThan(15);
    const loaded = await Promise.all(Object.values(modules).map((load) => load()));
    expect(zCalls.count - before.calls).toBe(0);
    expect(builtSchemaCount() - before.built).toBe(0);

    const schemas = Object.assign({}, ...loaded) as Record<string, { safeParse?: (v: unknown) => unknown }>;
    expect(schemas.sessionSchema?.safeParse?.({})).toMatchObject({ success: false });
    expect(zCalls.count).toBeGreaterThan(before.calls);
    expect(builtSchemaCount() - before.built).toBeGreaterThanOrEqual(2);
  });
});
