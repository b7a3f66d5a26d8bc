/**
 * True only in the build the browser tests run (`npm run build:test`, which `npm run test:e2e`
 * uses): attributes that expose internal state to Playwright, such as the designer's
 * `data-stage` or the viewer's `dataset.engineState`, are written only then. The production
 * bundle compares two constants here and the minifier drops the hooks and the work behind them.
 */
export const TEST_HOOKS: boolean = import.meta.env.VITE_TEST_HOOKS === 'true';
