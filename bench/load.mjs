// A light load generator for the benches whose answers are large: autocannon parses every answer
// in JavaScript and joins its body, which for a 130 KB answer costs the client more CPU than the
// server spends making it, so its latencies measure the client. This one uses Node's own HTTP
// client (its parser is native) on keep-alive connections and throws the bodies away unread.
//
// Closed loop: each connection sends its next request when the answer to the last has arrived.
// With `rate` (requests per second for each connection), a connection waits for its next slot
// instead, and latency is counted from the slot, so a late server is not hidden (no coordinated
// omission).
import http from 'node:http';

/**
 * @param {{ url: string, connections: number, duration: number, headers?: Record<string, string>,
 *   rate?: number, request?: () => { method?: string, path?: string, body?: string } }} options
 *   `request` makes each request's method, path and body (the url's path and GET without it);
 *   `duration` is in seconds.
 */
export async function load({ url, connections, duration, headers = {}, rate, request }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  const cpu = process.cpuUsage();

  const once = (made) =>
    new Promise((resolve) => {
      const body = made?.body;
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: made?.method ?? 'GET',
          path: made?.path ?? `${target.pathname}${target.search}`,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', resolve);
          res.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const connection = async (index) => {
    const gap = rate ? 1000 / rate : 0;
    // Connections with a rate start spread over one gap, not all at once.
    let slot = started + (gap * index) / connections;
    while (performance.now() < until) {
      if (rate) {
        const wait = slot - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (slot >= until) break;
      }
      const from = rate ? slot : performance.now();
      await once(request?.());
      latencies.push(performance.now() - from);
      slot += gap;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => connection(i)));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    non2xx,
    errors,
    bytes,
    /** The load generator's own CPU in percent of one core (user + system). */
    clientCpu: ((used.user + used.system) / 1000 / (seconds * 1000)) * 100,
  };
}
