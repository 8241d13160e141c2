/**
 * The server figures of `npm run bench` against the committed baseline (scripts/bench/baseline.json,
 * docs/decisions/0057-a-bench-that-catches-the-next-one.md). A figure is named
 * `<database>.<scenario>.<measure>`: `ofRaw` (requests a second as a share of the raw limit measured
 * in the same run) and `rps` are better higher, `p99` (ms) is better lower. A figure more than
 * `threshold` (15 %) worse than its baseline is a regression. The baseline moves only when the bench
 * is run with --write-baseline, in a commit that says why.
 */
export type Figures = Record<string, number>;

export interface Baseline {
  /** Why the baseline is what it is: the commit message says it too. */
  note: string;
  date: string;
  machine: string;
  /** The raw limit of the run that wrote it (requests a second, by connections): context, not compared. */
  rawLimit: Record<string, number>;
  figures: Figures;
}

export interface Comparison {
  name: string;
  baseline: number;
  current: number;
  /** How much worse (positive) or better (negative) than the baseline, as a fraction of it. */
  worse: number;
  regression: boolean;
}

export const THRESHOLD = 0.15;

/** Whether a larger value of the figure `name` is better (ratios, rates) or worse (latencies). */
export function higherIsBetter(name: string): boolean {
  const measure = name.slice(name.lastIndexOf('.') + 1);
  if (measure === 'ofRaw' || measure === 'rps') return true;
  if (measure === 'p99' || measure === 'p50') return false;
  throw new Error(`unknown measure in figure ${name}`);
}

/**
 * Each figure present in both, in the baseline's order. A figure the run did not measure (PostgreSQL
 * not configured, a scenario left out with --only) is not compared; a new figure has no baseline yet.
 */
export function compare(current: Figures, baseline: Figures, threshold = THRESHOLD): Comparison[] {
  const out: Comparison[] = [];
  for (const [name, base] of Object.entries(baseline)) {
    const now = current[name];
    if (now === undefined || !Number.isFinite(now) || !Number.isFinite(base) || base <= 0) continue;
    const worse = higherIsBetter(name) ? (base - now) / base : (now - base) / base;
    out.push({ name, baseline: base, current: now, worse, regression: worse > threshold });
  }
  return out;
}

/** The command that measures one figure again: its database and scenario alone. */
export function reproduceCommand(name: string): string {
  const [database, scenario] = name.split('.');
  return `npm run bench -- --server-only --database ${database} --only ${scenario}`;
}

/** One line per figure; a regression says so in capitals, with the command that reproduces it. */
export function comparisonLines(rows: Comparison[], threshold = THRESHOLD): string[] {
  return rows.map((r) => {
    const pct = `${Math.abs(r.worse * 100).toFixed(1)} % ${r.worse > 0 ? 'worse' : 'better'}`;
    const head = `${r.name.padEnd(36)} baseline ${String(r.baseline).padStart(8)}  now ${String(r.current).padStart(8)}  (${pct})`;
    return r.regression
      ? `REGRESSION ${head}: more than ${Math.round(threshold * 100)} % worse; reproduce: ${reproduceCommand(r.name)}`
      : `ok         ${head}`;
  });
}
