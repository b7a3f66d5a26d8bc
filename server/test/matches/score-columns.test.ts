import { describe, expect, it } from 'vitest';
import { columnsOf, runOf } from '../../src/modules/matches/score-columns.ts';

describe("a run's stored columns", () => {
  it('keep an IPSC run to the hundredth of a second and read it back', () => {
    const run = { dnf: false, a: 12, c: 3, d: 1, m: 1, ns: 0, procedurals: 2, time: 14.37 };
    expect(columnsOf(run)).toEqual({
      a: 12,
      c: 3,
      d: 1,
      m: 1,
      ns: 0,
      procedurals: 2,
      time_cs: 1437,
      dnf: 0,
      series: null,
      x: 0,
    });
    expect(runOf('ipsc', columnsOf(run))).toEqual(run);
  });

  it("keep a precision card's series and read back what a database answers as text", () => {
    const run = { dnf: true, series: [98, 95, 100], x: 7 };
    expect(runOf('precision', columnsOf(run))).toEqual(run);
    // PostgreSQL's drivers may answer integers as strings: "0" is not a DNF.
    expect(
      runOf('ipsc', {
        a: '5',
        c: '0',
        d: '0',
        m: '0',
        ns: '0',
        procedurals: '0',
        time_cs: '1001',
        dnf: '0',
        series: null,
        x: '0',
      }),
    ).toEqual({
      dnf: false,
      a: 5,
      c: 0,
      d: 0,
      m: 0,
      ns: 0,
      procedurals: 0,
      time: 10.01,
    });
  });
});
