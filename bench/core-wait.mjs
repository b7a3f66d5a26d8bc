// How long a process's main thread has waited for a core since it started, in ms (Linux: the
// second field of /proc/<pid>/task/<pid>/schedstat; the main thread's id is the process's). The
// kernel adds each wait when the thread gets its core back, so two readings taken while the
// thread runs give exactly the waits between them; read from another process, a wait the thread
// is in at the first reading counts whole once it ends. Used by the scale bench's sampler (for
// itself and for the server) and by bench/loop-delay.mjs inside the server.
import { openSync, readSync } from 'node:fs';

export function coreWaitReader(pid = process.pid) {
  const schedstat = openSync(`/proc/${pid}/task/${pid}/schedstat`, 'r');
  const buffer = Buffer.alloc(128);
  return () => {
    const text = buffer.toString('latin1', 0, readSync(schedstat, buffer, 0, buffer.length, 0));
    return Number(text.split(' ')[1]) / 1e6;
  };
}
