// Preloaded into the server by the scale bench (`node --import ./bench/loop-delay.mjs`): watches
// the server's event loop with a 1 ms timer and, on SIGUSR2, appends the longest and the p99 delay
// since the last signal to the file named by LOOP_DELAY_OUT, then starts over. A delay here is how
// long the loop could not take the next callback: the server's own blocking plus any time the
// machine gave its core to another process.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.LOOP_DELAY_OUT;
if (out) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const line = { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
    histogram.reset();
  });
}
