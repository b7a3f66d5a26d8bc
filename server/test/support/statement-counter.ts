import type { KyselyPlugin } from 'kysely';

/**
 * Counts the statements a database runs (every result passes through a plugin): the tests that
 * prove an answer is kept use it to see that a repeat costs no more than the version check.
 */
export function statementCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      return args.node;
    },
    async transformResult(args) {
      this.count += 1;
      return args.result;
    },
  };
}
