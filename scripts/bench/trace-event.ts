import type { CDPSession } from 'playwright-core';

/** One event of a Chromium trace, as the bench's trace scripts read it (scripts/bench/trace.ts, scripts/bench/tap-trace.ts, scripts/bench/idle-trace.ts). Relative imports only. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread spent on the CPU, without the time it waited for one. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & {
    /** A thread's name, on `thread_name` metadata events. */
    name?: string;
    data?: Record<string, unknown> & { url?: string; functionName?: string; type?: string };
  };
}

/**
 * Each event's self time on one thread: its `measure` (wall `dur` or thread `tdur`) less that of the
 * events nested in it (by time), and the events nested in none (`roots`).
 */
export function selfTimes(
  events: TraceEvent[],
  measure: (e: TraceEvent) => number,
): { self: Map<TraceEvent, number>; roots: TraceEvent[] } {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<TraceEvent, number>();
  const roots: TraceEvent[] = [];
  const stack: TraceEvent[] = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent, (self.get(parent) ?? 0) - measure(e));
    else roots.push(e);
    self.set(e, (self.get(e) ?? 0) + measure(e));
    stack.push(e);
  }
  return { self, roots };
}

/**
 * A Chromium trace of a page (its DevTools session) while `during` runs: the main thread's timeline, its
 * JavaScript, user timing marks and input latency, and the other threads' tasks; `extraCategories`
 * adds trace categories (e.g. V8's compiler: `v8`, `disabled-by-default-v8.compile`).
 */
export async function collectTrace(
  cdp: CDPSession,
  during: () => Promise<void>,
  extraCategories: string[] = [],
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'toplevel',
        'blink.user_timing',
        'latencyInfo',
        ...extraCategories,
      ],
    },
  });
  await during();
  await cdp.send('Tracing.end');
  await done;
  return events;
}
