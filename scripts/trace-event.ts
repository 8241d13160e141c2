/** One event of a Chromium trace, as the bench's trace scripts read it (scripts/bench-trace.ts, scripts/bench-tap-trace.ts). Relative imports only. */
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
