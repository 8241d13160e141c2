/**
 * `npx tsx scripts/bench/tap-trace.ts [names…] [--runs N] [--rate R] [--profile] [--compile] [--tree] [--shared-cpu]`: where the time of one of the bench's
 * interactions goes (scripts/bench/interactions.ts), on the calibrated phone. Loads the interaction's route as
 * the bench does (phone size, phone network, CPU slowed down by this machine's benchmarkIndex / 400, or × R),
 * waits for hydration and a quiet network, taps where findTapPoint found the target (decision 0048), records a Chromium trace around the tap alone, and prints the
 * interaction's latency (Event Timing), the tasks its first input event waited behind, every main-thread
 * task from that event on with its self time by trace event (with `--tree`, the click's task event by
 * event), and the main thread's total time by kind (tasks, style, layout, paint,
 * event dispatch) over the 400 ms from the first input event: with `--rate 1` the page's own CPU time, which
 * moves far less between runs than a throttled figure (decision 0042 compares two builds with it;
 * `BUILD_DIR=build-a` serves another build). `names` are substrings of the interaction names
 * (default: all). Build first (`npm run build`; `NO_MINIFY=1 npm run build` keeps function names, which the
 * JavaScript frames of the trace then show). Serves the build on a fresh data directory (scripts/bench/server.ts).
 */
import { tapCommandLine } from './interaction-list.ts';
import { findTapPoint, launchChromium, openPhonePage, phoneRate, readyTap, tapAt } from './phone-page.ts';
import { startProduct, stopProduct } from './server.ts';
import { stepBackSaying } from './priority.ts';
import { collectTrace, selfTimes, type TraceEvent } from './trace-event.ts';

const { option: opt, flag, interactions: PICKED, fixedRate: FIXED_RATE } = tapCommandLine();
const RUNS = Number(opt('runs') ?? 1);
/** With --profile, a sampling CPU profile (0.1 ms) of the same window: self time per JavaScript function. */
const PROFILE = flag('profile');
/** With --block REGEX, requests whose URL matches are refused (to see what a resource costs the tap, e.g. `--block '\\.(mp4|webm)'`). */
const BLOCK = opt('block') ? new RegExp(opt('block')!) : undefined;
/** With --css RULES, a style sheet added to the page before the tap (to see what a style costs the tap, e.g. `--css '*{backdrop-filter:none}'`). */
const CSS = opt('css');
/** With --compile, V8's compiler in the trace, and the main thread's time compiling JavaScript in the window (decision 0043). */
const COMPILE = flag('compile');
/** With --tree, the task that dispatched the click, event by event, with what forced a style recalculation or a layout. */
const TREE = flag('tree');

function mainThread(events: TraceEvent[]) {
  const meta = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer is the one whose main thread ran the most.
  let best: { pid: number; tid: number; total: number } | undefined;
  for (const m of meta) {
    const total = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (!best || total > best.total) best = { pid: m.pid, tid: m.tid, total };
  }
  return events.filter((e) => best && e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.dur !== undefined);
}

/** Wall self time per event name (and function and script): each event's duration less its children's. */
function selfTimesByName(events: TraceEvent[]) {
  const keyOf = (e: TraceEvent) => {
    const url = e.args?.data?.url ?? '';
    const fn = e.args?.data?.functionName ?? '';
    return `${e.name}${fn ? ' ' + fn : ''}${url ? ' ' + url.replace(/^https?:\/\/[^/]+/, '') : ''}`;
  };
  const byName = new Map<string, number>();
  for (const [e, t] of selfTimes(events, (x) => x.dur!).self) byName.set(keyOf(e), (byName.get(keyOf(e)) ?? 0) + t);
  return [...byName.entries()].sort((a, b) => b[1] - a[1]);
}

const started = await startProduct({});
const browser = await launchChromium();
if (!flag('shared-cpu')) stepBackSaying();
try {
  for (const interaction of PICKED) {
    const point = await findTapPoint(browser, started.url + interaction.route, interaction);
    const rate = FIXED_RATE ?? (await phoneRate(browser)).rate;
    for (let run = 0; run < RUNS; run++) {
      const { context, page, cdp, interactions } = await openPhonePage(
        browser,
        started.url + interaction.route,
        rate,
        BLOCK,
      );
      if (CSS) await page.addStyleTag({ content: CSS });
      await readyTap(page, point, interaction);
      if (PROFILE) {
        // Started after the target is found and stopped before the result is checked: the profile holds
        // the tap and the second after it, none of Playwright's own script in the page.
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const events = await collectTrace(
        cdp,
        async () => {
          await page.evaluate(() => performance.mark('tap'));
          await tapAt(page, point, interaction);
          await page.waitForTimeout(1000);
        },
        COMPILE ? ['v8', 'disabled-by-default-v8.compile'] : [],
      );
      const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : undefined;
      await interaction.result(page);
      const functions = new Map<string, number>();
      if (profile) {
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        profile.samples!.forEach((id, i) => {
          const cf = byId.get(id)!.callFrame;
          const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`;
          functions.set(key, (functions.get(key) ?? 0) + (profile.timeDeltas![i] ?? 0) / 1000);
        });
      }
      const entries = await interactions();
      const main = mainThread(events);
      const mark = events.find((e) => e.name === 'tap' && e.cat.includes('user_timing'));
      const from = mark?.ts ?? Math.min(...main.map((e) => e.ts));
      const windowEvents = main.filter((e) => e.ts >= from);
      // The tap's input events as the renderer dispatched them, and every task from the first of them on.
      const dispatches = windowEvents.filter((e) => e.name === 'EventDispatch');
      const start = dispatches[0]?.ts ?? from;
      const inWindow = windowEvents.filter((e) => e.ts >= start && e.ts < start + 400_000);
      const tasks = inWindow.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! > 1000);
      console.log(
        `\n${interaction.name} (${interaction.route}), run ${run + 1}, CPU ×${rate}: Event Timing ${entries.map((e) => `${e.name} ${e.duration} (input delay ${e.inputDelay}, handlers ${e.processing}, presentation ${e.presentationDelay})`).join(', ') || '< 16 ms'}`,
      );
      console.log(
        `  events: ${dispatches.map((e) => `${e.args?.data?.type ?? '?'} +${((e.ts - start) / 1000).toFixed(1)}`).join(', ')}`,
      );
      // What ran between the mark and the first input event (the tap waited behind it).
      console.log(`  mark to first input event: ${((start - from) / 1000).toFixed(1)} ms`);
      /** One task: where it starts from the first input event, how long it ran, and its seven largest self times by trace event. */
      const describe = (t: TraceEvent) => {
        const inside = selfTimesByName(
          windowEvents.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!),
        ).slice(0, 7);
        const at = (t.ts - start) / 1000;
        return `task at ${at < 0 ? '' : '+'}${at.toFixed(1)} ms: ${(t.dur! / 1000).toFixed(1)} ms · ${inside.map(([k, v]) => `${k.slice(0, 60)} ${(v / 1000).toFixed(1)}`).join(' · ')}`;
      };
      for (const t of windowEvents.filter(
        (e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! > 1000 && e.ts < start,
      ))
        console.log(`  before: ${describe(t)}`);
      for (const t of tasks) console.log(`  ${describe(t)}`);
      // The main thread's time in the window by kind (at --rate 1 its own CPU time: how two builds compare without the throttle's noise).
      const total = (name: string) =>
        (inWindow.filter((e) => e.name === name).reduce((sum, e) => sum + e.dur!, 0) / 1000).toFixed(1);
      console.log(
        `  main thread in the 400 ms from the first input event: tasks ${total('ThreadControllerImpl::RunTask')} ms; ` +
          `style ${total('UpdateLayoutTree')}, layout ${total('Layout')}, paint ${total('Paint')}, events ${total('EventDispatch')} (nested events counted in each)`,
      );
      if (COMPILE) {
        const compile = selfTimesByName(inWindow).filter(([k]) =>
          /^V8\.(Compile|Parse)|^FlushInstructionCache/.test(k),
        );
        console.log(
          `  V8 compiling on the main thread: ${(compile.reduce((sum, [, t]) => sum + t, 0) / 1000).toFixed(1)} ms (self time of its trace events)`,
        );
      }
      if (TREE) {
        // The task that dispatched the click, event by event (nesting by time), with what forced a style or layout.
        const click = dispatches.find((e) => e.args?.data?.type === 'click');
        const task = click && tasks.find((t) => t.ts <= click.ts && click.ts < t.ts + t.dur!);
        if (task) {
          console.log("  the click's task, event by event (ms from its start, duration):");
          const inside = inWindow
            .filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! >= 200)
            .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
          const stack: TraceEvent[] = [];
          for (const e of inside) {
            while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
            // Style and layout events carry their details in `beginData` (with the script's stack when script forced them).
            const begin = e.args?.beginData as
              { stackTrace?: { functionName: string }[]; dirtyObjects?: number } | undefined;
            const data = e.args?.data;
            const what = [data?.type, data?.functionName, data?.url?.replace(/^.*\//, '')].filter(Boolean).join(' ');
            const frames = begin?.stackTrace;
            const stackText = frames?.length
              ? ` ← ${frames
                  .slice(0, 4)
                  .map((f) => f.functionName || '(anonymous)')
                  .join(' ← ')}`
              : '';
            const count = (e.args?.elementCount as number | undefined) ?? begin?.dirtyObjects;
            console.log(
              `    ${'  '.repeat(stack.length)}+${((e.ts - task.ts) / 1000).toFixed(1)} ${(e.dur! / 1000).toFixed(1)} ${e.name}${what ? ' ' + what : ''}${count !== undefined ? ` [${count}]` : ''}${stackText}`,
            );
            stack.push(e);
          }
        }
      }
      const commits = inWindow.filter((e) => e.name === 'Commit');
      if (PROFILE) {
        console.log('  JavaScript self time by function, the tap and the second after it (ms on the phone):');
        for (const [k, v] of [...functions]
          .filter(([k]) => !/^\((idle|program)\)/.test(k))
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)) {
          console.log(`    ${v.toFixed(1).padStart(6)} ${k}`);
        }
      }
      console.log(`  frame commits at: ${commits.map((e) => `+${((e.ts - start) / 1000).toFixed(1)}`).join(', ')}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stopProduct(started);
}
