// Preloaded into the server by the scale bench (`node --import ./bench/loop-delay.mjs`): watches
// the server's event loop with a 1 ms timer and its garbage collector, and, on SIGUSR2, appends
// what it saw since the last signal to the file named by LOOP_DELAY_OUT, then starts over:
//
// - maxMs: how late the timer fired at worst, which is how long the loop could not take the next
//   callback: the server's own work, its collector's pauses, and any time the machine gave the
//   server's core to another process;
// - heldMaxMs: the latest turn less the time the server's main thread waited for a core within it
//   (bench/core-wait.mjs): how long the server itself, its work and its collector,
//   kept the next callback waiting; queueMaxMs: the longest it waited for a core between two turns;
// - gcMaxMs, gcKind, gcCount, gcTotalMs: the garbage collector's longest pause (wall time), its
//   kind, how many pauses and how long they were together; heapMb: the heap in use.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { coreWaitReader } from './core-wait.mjs';

const out = process.env.LOOP_DELAY_OUT;
if (out) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const fresh = () => ({
    maxMs: 0,
    heldMaxMs: 0,
    queueMaxMs: 0,
    gcMaxMs: 0,
    gcKind: '',
    gcTotalMs: 0,
    gcCount: 0,
  });
  let seen = fresh();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.gcTotalMs += entry.duration;
      seen.gcCount += 1;
      if (entry.duration > seen.gcMaxMs) {
        seen.gcMaxMs = entry.duration;
        seen.gcKind = kinds[entry.detail?.kind] ?? String(entry.detail?.kind);
      }
    }
  }).observe({ entryTypes: ['gc'] });

  const waitedForCore = coreWaitReader();

  const PERIOD_MS = 1;
  let last = performance.now();
  let lastWaited = waitedForCore();
  setInterval(() => {
    const now = performance.now();
    const waited = waitedForCore();
    const delay = Math.max(0, now - last - PERIOD_MS);
    seen.maxMs = Math.max(seen.maxMs, delay);
    seen.heldMaxMs = Math.max(seen.heldMaxMs, delay - (waited - lastWaited));
    seen.queueMaxMs = Math.max(seen.queueMaxMs, waited - lastWaited);
    last = now;
    lastWaited = waited;
  }, PERIOD_MS).unref();

  process.on('SIGUSR2', () => {
    const line = { ...seen, heapMb: process.memoryUsage().heapUsed / 2 ** 20 };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
    seen = fresh();
  });
}
