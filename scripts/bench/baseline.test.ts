import { describe, expect, it } from 'vitest';
import { compare, comparisonLines, higherIsBetter, reproduceCommand } from './baseline.ts';

/** The comparison with the committed baseline (scripts/bench/baseline.ts); no timing is measured here. */
describe('the server baseline', () => {
  it('knows which way each measure is better', () => {
    expect(higherIsBetter('pglite.list.ofRaw')).toBe(true);
    expect(higherIsBetter('postgres.bookings.rps')).toBe(true);
    expect(higherIsBetter('pglite.list.p99')).toBe(false);
    expect(() => higherIsBetter('pglite.list.seconds')).toThrow('unknown measure in figure pglite.list.seconds');
  });

  it('flags a ratio more than 15 % lower, and not one 15 % lower or less', () => {
    const rows = compare(
      { 'pglite.list.ofRaw': 0.16, 'postgres.list.ofRaw': 0.17 },
      { 'pglite.list.ofRaw': 0.2, 'postgres.list.ofRaw': 0.2 },
    );
    expect(rows.map((r) => [r.name, r.regression])).toEqual([
      ['pglite.list.ofRaw', true],
      ['postgres.list.ofRaw', false],
    ]);
    expect(rows[0]!.worse).toBeCloseTo(0.2, 10);
    expect(rows[1]!.worse).toBeCloseTo(0.15, 10);
  });

  it('flags a p99 more than 15 % higher, and counts a lower one as better', () => {
    const rows = compare(
      { 'pglite.bookings.p99': 24, 'postgres.bookings.p99': 8 },
      { 'pglite.bookings.p99': 20, 'postgres.bookings.p99': 10 },
    );
    expect(rows[0]).toEqual({ name: 'pglite.bookings.p99', baseline: 20, current: 24, worse: 0.2, regression: true });
    expect(rows[1]).toEqual({
      name: 'postgres.bookings.p99',
      baseline: 10,
      current: 8,
      worse: -0.2,
      regression: false,
    });
  });

  it('leaves out a figure this run did not measure, and one without a usable baseline', () => {
    const rows = compare(
      { 'pglite.list.ofRaw': 0.1, 'pglite.signin.ofRaw': 0.01 },
      { 'pglite.list.ofRaw': 0.1, 'postgres.list.ofRaw': 0.3, 'pglite.quote.p99': 0 },
    );
    expect(rows.map((r) => r.name)).toEqual(['pglite.list.ofRaw']);
  });

  it('prints a regression in capitals with the command that measures it again', () => {
    const lines = comparisonLines(
      compare(
        { 'postgres.bookings.rps': 700, 'pglite.list.ofRaw': 0.25 },
        { 'postgres.bookings.rps': 1000, 'pglite.list.ofRaw': 0.2 },
      ),
    );
    expect(lines[0]).toBe(
      'REGRESSION postgres.bookings.rps                baseline     1000  now      700  (30.0 % worse): more than 15 % worse; reproduce: npm run bench -- --server-only --database postgres --only bookings',
    );
    expect(lines[1]).toBe(
      'ok         pglite.list.ofRaw                    baseline      0.2  now     0.25  (25.0 % better)',
    );
    expect(reproduceCommand('pglite.console.p99')).toBe(
      'npm run bench -- --server-only --database pglite --only console',
    );
  });
});
