/**
 * Named hooks: a module announces something ("a member is being deleted") and the modules that
 * keep something of it register what to do, so the announcing module never imports them and
 * no import cycle forms. The module that runs a hook declares its key (with the functions'
 * type); each app builds one registry (`ctx.hooks`) and `modules/index.ts` lets every module
 * register on it, in a fixed order, before the first request.
 */
/** Any function: every parameter list accepts `never`. */
type AnyFunction = (...args: never[]) => unknown;

/** A hook's name and the type of the functions registered on it. */
export interface HookKey<F extends AnyFunction> {
  readonly name: string;
  /** Never set: carries F for the type checker. */
  readonly fn?: F;
}

export function hookKey<F extends AnyFunction>(name: string): HookKey<F> {
  return { name };
}

export class Hooks {
  readonly #registered = new Map<HookKey<AnyFunction>, AnyFunction[]>();

  /** Adds `fn` to the hook; functions run in the order they were added. */
  on<F extends AnyFunction>(key: HookKey<F>, fn: F): void {
    const list = this.#registered.get(key) ?? [];
    list.push(fn);
    this.#registered.set(key, list);
  }

  /** The functions registered on the hook, in order (none: an empty list). */
  all<F extends AnyFunction>(key: HookKey<F>): readonly F[] {
    // Only `on` adds to a key's list, and it takes nothing but an F for that key.
    return (this.#registered.get(key) ?? []) as F[];
  }
}
