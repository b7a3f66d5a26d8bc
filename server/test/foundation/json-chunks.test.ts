import { describe, expect, it } from 'vitest';
import { jsonStream } from '../../src/lib/json-chunks.ts';

async function text(stream: NodeJS.ReadableStream): Promise<{ text: string; chunks: number }> {
  let out = '';
  let chunks = 0;
  for await (const chunk of stream) {
    out += String(chunk);
    chunks += 1;
  }
  return { text: out, chunks };
}

describe('jsonStream', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes', async () => {
    const values: unknown[] = [
      {},
      [],
      null,
      'plain',
      42,
      {
        exportedAt: '2026-11-25T10:00:00.000Z',
        user: { nombre: 'Núria', apellidos: "O'Brien \"Ñ\"", email: 'n@club.test', flags: [] },
        empty: {},
        gone: undefined,
        fn: () => 1,
        when: new Date(Date.UTC(2026, 0, 2)),
        registrations: [
          { uuid: 'a', event: { evento: 'Línea 1\nLínea 2\t\u2028', type: 3 }, division: null, tags: ['x', 'y'] },
          undefined,
          [1, [2, [3]]],
          { deep: { deeper: { deepest: [{}] } } },
        ],
        stages: [],
      },
    ];
    for (const value of values) {
      for (const depth of [0, 1, 2, 5]) {
        const { text: written } = await text(jsonStream(value, depth));
        expect(written).toBe(JSON.stringify(value, null, 2));
        expect(() => JSON.parse(written) as unknown).not.toThrow();
      }
    }
  });

  it('writes a large value in many chunks, giving the event loop back between them', async () => {
    const registrations = Array.from({ length: 4000 }, (_, i) => ({
      uuid: `r-${i}`,
      event: { evento: `Entrenamiento ${i}`, start: '2026-01-01T10:00:00.000Z', notes: 'x'.repeat(50) },
    }));
    const value = { registrations };
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const { text: written, chunks } = await text(jsonStream(value));
    clearInterval(timer);
    expect(written).toBe(JSON.stringify(value, null, 2));
    expect(chunks).toBeGreaterThan(10);
    // Timers ran while it was written: it did not hold the loop from start to end.
    expect(ticks).toBeGreaterThan(0);
  });
});
