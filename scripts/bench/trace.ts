/**
 * `npx tsx scripts/bench/trace.ts [--routes /home,/recipe/1] [--no-build] [--runs N] [--shared-cpu]`: where a page's
 * main-thread time goes on the calibrated phone (docs/decisions/0019-calibrated-phone-bench.md). Loads each
 * route with Lighthouse on the calibrated profile (scripts/bench/calibration.ts), keeps its Chromium
 * trace in scripts/bench/results/traces/, and prints
 *  - the main thread's work by kind (Lighthouse's task groups) and by trace event, in observed ms and as
 *    the share of the whole; the figures scaled by the CPU slowdown are what Lighthouse counts;
 *  - every long task (≥ 50 ms once slowed down): when it started, how long, what it is (which chunk's
 *    evaluation, React's work in which chunk, style and layout, HTML parsing, image decoding, the
 *    paint-first loader) and the events inside it;
 *  - deterministic counts: scripts evaluated, DOM nodes, style recalculations and the elements they touched,
 *    image decodes, animation frames.
 * On a shared machine absolute times are inflated; the shares and the counts are what to compare.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { taskNameToGroup } from 'lighthouse/core/lib/tracehouse/task-groups.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { calibrate, phoneConfig } from './calibration.ts';
import { launchBenchChrome } from './chrome.ts';
import { startProduct, stopProduct } from './server.ts';
import { stepBackSaying } from './priority.ts';
import { localCertificate } from '../local-certificate.ts';
import { selfTimes, type TraceEvent } from './trace-event.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTES = (opt('routes') ?? '/home,/recipe/1,/watch-chef-feva').split(',');
const RUNS = Number(opt('runs') ?? 1);

interface Task {
  event: TraceEvent;
  children: Task[];
  parent?: Task;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string; label: string };
}

const short = (url: string, page: string) =>
  url === page ? '(page: inline scripts)' : url.replace(/^https?:\/\/[^/]+/, '');
const round = (n: number) => Math.round(n * 10) / 10;

/** What one event is, for people: the event with the script or resource it is about. */
function describe(e: TraceEvent, page: string): string {
  const d = e.args?.data ?? {};
  const url = (d.url as string | undefined) ?? (d.stackTrace as { url: string }[] | undefined)?.[0]?.url;
  if (
    e.name === 'EvaluateScript' ||
    e.name === 'v8.compileModule' ||
    e.name === 'v8.compile' ||
    e.name === 'v8.evaluateModule'
  ) {
    return `${e.name} ${url ? short(url, page) : ''}`.trim();
  }
  if (e.name === 'FunctionCall')
    return `FunctionCall ${d.url ? short(d.url as string, page) : ''} ${(d.functionName as string) || ''}`.trim();
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch')
    return `${e.name}${d.type ? ` ${d.type as string}` : ''}`;
  return e.name;
}

/** A long task's kind, from what it spends its own time on. */
function kindOf(task: Task, page: string): string {
  const self = new Map<string, number>();
  const walk = (t: Task) => {
    self.set(describe(t.event, page), (self.get(describe(t.event, page)) ?? 0) + t.selfTime);
    t.children.forEach(walk);
  };
  walk(task);
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]);
  const [name] = top[0] ?? ['?'];
  const urls = task.attributableURLs.map((u) => short(u, page));
  if (/^(EvaluateScript|v8\.)/.test(name) || /^FunctionCall/.test(name)) {
    const scripts = urls.filter((u) => u.endsWith('.js'));
    if (/^v8\.(compile|evaluateModule)|^EvaluateScript/.test(name))
      return `script evaluation: ${name.replace(/^\S+ /, '') || urls.join(', ')}`;
    return `script (React's scheduler or a callback): ${scripts.join(', ') || urls.join(', ')}`;
  }
  if (name === 'ParseHTML') return 'HTML parsing';
  if (/UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation/.test(name))
    return `style and layout (${name})`;
  if (/Decode|Image/.test(name)) return `media (${name})`;
  if (/Paint|Composite|Layerize|PrePaint|Commit/.test(name)) return `rendering (${name})`;
  if (/GC|MinorGC|MajorGC/.test(name)) return 'garbage collection';
  return name;
}

/**
 * The main thread's CPU time (trace events' thread durations), by Lighthouse's task groups, self time.
 * Unlike wall time, it does not grow while the thread waits for a CPU that other processes hold, so on a
 * shared machine it is the figure to compare.
 */
function cpuTime(mainEvents: TraceEvent[], page: string) {
  const complete = mainEvents.filter((e) => e.ph === 'X' && e.tdur !== undefined);
  const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const { self, roots } = selfTimes(complete, (e) => e.tdur!);
  const total = roots.filter(isTask).reduce((sum, e) => sum + e.tdur!, 0);
  const byGroup = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [e, t] of self) {
    const group =
      (taskNameToGroup as Record<string, { label: string } | undefined>)[e.name]?.label ??
      (isTask(e) ? 'Task overhead (no event inside)' : 'Other');
    byGroup.set(group, (byGroup.get(group) ?? 0) + t / 1000);
    if (/^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compileModule|v8\.compile)$/.test(e.name)) {
      const key = `${e.name} ${short(String(e.args?.data?.url ?? ''), page)}`;
      byScript.set(key, (byScript.get(key) ?? 0) + t / 1000);
    }
  }
  return { totalMs: total / 1000, byGroup, byScript };
}

interface LanternNode {
  type: string;
  event: TraceEvent;
  childEvents: TraceEvent[];
}
interface LanternEstimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, { startTime: number; endTime: number; duration: number }>;
}

/**
 * Where Lighthouse's TBT comes from: Lantern's own computation (the one behind the reported figure,
 * half its optimistic and half its pessimistic simulation) redone from the run's artifacts, with each
 * simulated task's share: its blocking time (as Lantern counts it, between the simulated FCP and
 * TTI) averaged over the two simulations, with what the task spends its time on.
 */
async function blockingByTask(
  lhr: { configSettings: unknown },
  artifacts: Record<string, unknown>,
  page: string,
): Promise<string[]> {
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  type Estimates<T> = { optimisticEstimate: T; pessimisticEstimate: T };
  // Lighthouse's computed artifacts are untyped here. With one `context`, the FCP and TTI that the TBT
  // computation asked for come from its cache, not from simulating again.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const request = <R>(artifact: any) => artifact.request(data, context) as Promise<R>;
  const tbt = await request<Estimates<LanternEstimate> & { timing: number }>(LanternTotalBlockingTime);
  const fcp = await request<Estimates<{ timeInMs: number }>>(LanternFirstContentfulPaint);
  const tti = await request<Estimates<{ timeInMs: number }>>(LanternInteractive);
  // TotalBlockingTime.getEstimateFromSimulation: the optimistic run uses the pessimistic FCP and the
  // optimistic TTI, and the other way round.
  const windows = [
    { est: tbt.optimisticEstimate, from: fcp.pessimisticEstimate.timeInMs, to: tti.optimisticEstimate.timeInMs },
    { est: tbt.pessimisticEstimate, from: fcp.optimisticEstimate.timeInMs, to: tti.pessimisticEstimate.timeInMs },
  ];
  const share = new Map<TraceEvent, { ms: number; simStart: number; simDur: number; node: LanternNode }>();
  for (const { est, from, to } of windows) {
    for (const [node, t] of est.nodeTimings) {
      if (node.type !== 'cpu' || t.duration < 50 || t.endTime < from || t.startTime > to) continue;
      const clipped = Math.min(t.endTime, to) - Math.max(t.startTime, from);
      if (clipped < 50) continue;
      const prev = share.get(node.event) ?? { ms: 0, simStart: t.startTime, simDur: t.duration, node };
      prev.ms += (clipped - 50) / 2;
      share.set(node.event, prev);
    }
  }
  const lines = [
    `  TBT by task (Lantern, ${Math.round(tbt.timing)} ms; simulated FCP ${Math.round(fcp.optimisticEstimate.timeInMs)}–${Math.round(fcp.pessimisticEstimate.timeInMs)} ms, TTI ${Math.round(tti.optimisticEstimate.timeInMs)}–${Math.round(tti.pessimisticEstimate.timeInMs)} ms):`,
  ];
  for (const [, v] of [...share].sort((a, b) => b[1].ms - a[1].ms)) {
    const inner = new Map<string, number>();
    for (const e of v.node.childEvents) {
      if (e.ph !== 'X' || !e.dur) continue;
      const k = describe(e, page);
      inner.set(k, (inner.get(k) ?? 0) + e.dur / 1000);
    }
    const parts = [...inner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, ms]) => `${k.slice(0, 50)} ${round(ms)}`);
    lines.push(
      `    ${String(Math.round(v.ms)).padStart(4)} ms  (simulated ${Math.round(v.simDur)} ms at ${Math.round(v.simStart)}; observed ${round((v.node.event.dur ?? 0) / 1000)} ms)  ${parts.join(' · ')}`,
    );
  }
  return lines;
}

async function traceRoute(baseUrl: string, route: string, port: number, run: number) {
  const calibration = await calibrate(port);
  const result = await lighthouse(
    baseUrl + route,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    phoneConfig(calibration.multiplier),
  );
  const { lhr, artifacts } = result!;
  const trace = artifacts.Trace as unknown as { traceEvents: TraceEvent[] };
  const dir = path.join(ROOT, 'scripts/bench/results/traces');
  fs.mkdirSync(dir, { recursive: true });
  const base = `${route === '/' ? 'splash' : route.slice(1).replace(/\//g, '_')}-${run}`;
  fs.writeFileSync(path.join(dir, `${base}.trace.json`), JSON.stringify(trace));

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Lighthouse's tracehouse is untyped JS with d.ts of its own LH types.
  const processed = TraceProcessor.processTrace(trace as any) as any;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as Task[];
  const top = tasks.filter((t) => !t.parent);
  const page = baseUrl + route;
  const m = calibration.multiplier;
  const total = top.reduce((s, t) => s + t.duration, 0);

  const byGroup = new Map<string, number>();
  const byEvent = new Map<string, number>();
  const byUrl = new Map<string, number>();
  for (const t of tasks) {
    byGroup.set(t.group.label, (byGroup.get(t.group.label) ?? 0) + t.selfTime);
    const name = describe(t.event, page);
    byEvent.set(name, (byEvent.get(name) ?? 0) + t.selfTime);
  }
  for (const t of top) {
    const u =
      t.attributableURLs.map((x) => short(x, page)).find((x) => x.endsWith('.js')) ??
      (t.attributableURLs.length ? short(t.attributableURLs[0]!, page) : '(none)');
    byUrl.set(u, (byUrl.get(u) ?? 0) + t.duration);
  }
  const events = trace.traceEvents;
  const mainPidTid = processed.mainThreadEvents[0] as TraceEvent;
  const onMain = events.filter((e) => e.pid === mainPidTid.pid && e.tid === mainPidTid.tid);
  const counts = {
    scriptsEvaluated: new Set(
      onMain
        .filter((e) => e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
        .map((e) => (e.args?.data?.url as string) ?? ''),
    ).size,
    styleRecalcs: onMain.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X').length,
    elementsRestyled: onMain
      .filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X')
      .reduce((s, e) => s + Number((e.args as { elementCount?: number } | undefined)?.elementCount ?? 0), 0),
    layouts: onMain.filter((e) => e.name === 'Layout' && e.ph === 'X').length,
    animationFrames: onMain.filter((e) => e.name === 'FireAnimationFrame').length,
    imageDecodes: events.filter((e) => /^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/.test(e.name)).length,
    imageDecodeMs: round(
      events.filter((e) => /^(Decode Image|ImageDecodeTask)$/.test(e.name)).reduce((s, e) => s + (e.dur ?? 0), 0) /
        1000,
    ),
    paints: onMain.filter((e) => e.name === 'Paint').length,
    domNodes: Number((lhr.audits['dom-size']?.numericValue as number | undefined) ?? NaN),
  };

  const cpu = cpuTime(onMain, page);
  const lines: string[] = [];
  lines.push(
    `\n${route} (run ${run}): index ${calibration.index}, CPU ×${m}; Lighthouse P${Math.round((lhr.categories.performance?.score ?? 0) * 100)} ` +
      `TBT ${Math.round(Number(lhr.audits['total-blocking-time']?.numericValue))} ms LCP ${Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue))} ms`,
  );
  lines.push(`  main thread: ${round(total)} ms observed (${round(total * m)} ms on the phone), ${top.length} tasks`);
  const pct = (v: number) => `${round(v)} ms  ${Math.round((v / total) * 100)}%`;
  const cpct = (v: number) => `${round(v)} ms  ${Math.round((v / cpu.totalMs) * 100)}%`;
  lines.push(
    `  main thread CPU time (thread time, load-independent): ${round(cpu.totalMs)} ms (${round(cpu.totalMs * m)} ms on the phone); wall ${round(total)} ms`,
  );
  for (const [k, v] of [...cpu.byGroup].sort((a, b) => b[1] - a[1])) lines.push(`    ${k.padEnd(34)} ${cpct(v)}`);
  lines.push('  CPU time by script event (self):');
  for (const [k, v] of [...cpu.byScript].sort((a, b) => b[1] - a[1]).slice(0, 8))
    lines.push(`    ${k.slice(0, 60).padEnd(60)} ${cpct(v)}`);
  lines.push('  wall time by kind (self time, as Lighthouse counts it):');
  for (const [k, v] of [...byGroup].sort((a, b) => b[1] - a[1])) lines.push(`    ${k.padEnd(34)} ${pct(v)}`);
  lines.push('  by event (self time, top 15):');
  for (const [k, v] of [...byEvent].sort((a, b) => b[1] - a[1]).slice(0, 15))
    lines.push(`    ${k.slice(0, 70).padEnd(70)} ${pct(v)}`);
  lines.push('  by script the task is attributed to (task time):');
  for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12))
    lines.push(`    ${k.slice(0, 60).padEnd(60)} ${pct(v)}`);
  const long = top.filter((t) => t.duration * m >= 50).sort((a, b) => a.startTime - b.startTime);
  lines.push(`  long tasks (≥ 50 ms on the phone): ${long.length}`);
  for (const t of long) {
    const inner = new Map<string, number>();
    const walk = (x: Task) => {
      inner.set(describe(x.event, page), (inner.get(describe(x.event, page)) ?? 0) + x.selfTime);
      x.children.forEach(walk);
    };
    walk(t);
    const parts = [...inner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k.slice(0, 60)} ${Math.round((v / t.duration) * 100)}%`);
    lines.push(
      `    at ${String(Math.round(t.startTime)).padStart(5)} ms  ${String(Math.round(t.duration * m)).padStart(4)} ms  ${kindOf(t, page)}`,
    );
    lines.push(`        ${parts.join(' · ')}`);
  }
  lines.push(...(await blockingByTask(lhr, artifacts as unknown as Record<string, unknown>, page)));
  lines.push(`  counts: ${JSON.stringify(counts)}`);
  console.log(lines.join('\n'));
  return {
    route,
    run,
    calibration,
    totalMs: total,
    cpuMs: cpu.totalMs,
    cpuByGroup: Object.fromEntries(cpu.byGroup),
    byGroup: Object.fromEntries(byGroup),
    counts,
    longTasks: long.map((t) => ({ at: t.startTime, phoneMs: t.duration * m, kind: kindOf(t, page) })),
  };
}

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const tls = await localCertificate();
  const site = await startProduct({}, tls);
  const chrome = await launchBenchChrome(tls);
  if (!args.includes('--shared-cpu')) stepBackSaying();
  const out = [];
  try {
    for (const route of ROUTES)
      for (let i = 1; i <= RUNS; i++) out.push(await traceRoute(site.url, route, chrome.port, i));
  } finally {
    chrome.kill();
    await stopProduct(site);
    fs.rmSync(tls.dir, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(ROOT, 'scripts/bench/results/traces/summary.json'), JSON.stringify(out, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
