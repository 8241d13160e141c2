import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { addDays, formatDay, isoWeekday } from '~/lib/business-date.ts';
import { cn } from '~/lib/cn.ts';
import { CalendarLegend } from './calendar-legend.tsx';
import { DayDetails } from './calendar-day.tsx';
import { BlockForm, BlockRow, FeedSection, SettingsForm, WEEKDAYS } from './calendar-settings.tsx';
import { STATUS_TONES } from './status-tones.ts';
import {
  bookingsBetween,
  calendarSettings,
  dueDatesBetween,
  listBlocks,
  type BlockedDates,
  type CalendarBooking,
  type CalendarSettings,
  type DueDate,
} from './console-api.ts';
import { smallButton } from './data-table.tsx';
import { formatTime, statusLabel, today } from './format.ts';
import { useLoad } from './use-load.ts';

const monthTitle = (month: string) => formatDay(`${month}-01`, { month: 'long', year: 'numeric' });
function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1, 12));
  return d.toISOString().slice(0, 7);
}

interface MonthData {
  bookings: CalendarBooking[];
  due: DueDate[];
  blocks: BlockedDates[];
  settings: CalendarSettings;
}

/**
 * The chef's calendar (?section=calendar): a month of bookings by status and blocked days, blocking
 * a day or a range with a private note, the closed weekday and events per day, and the private feed
 * address for a calendar app. Days are the business's (content/site.ts timeZone).
 */
export function CalendarPanel() {
  const id = useId();
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const first = `${month}-01`;
  const gridStart = addDays(first, 1 - isoWeekday(first));
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const gridEnd = addDays(last, 7 - isoWeekday(last));
  const { data, error, loading, reload } = useLoad<MonthData>(async () => {
    const [bookings, blocks, settings, due] = await Promise.all([
      bookingsBetween(gridStart, gridEnd),
      listBlocks(gridStart, gridEnd),
      calendarSettings(),
      dueDatesBetween(gridStart, gridEnd),
    ]);
    return { bookings, blocks, settings, due };
  }, month);

  const days: string[] = [];
  for (let d = gridStart; d <= gridEnd; d = addDays(d, 1)) days.push(d);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const todayIs = today();

  const bookingsOn = (day: string) => (data?.bookings ?? []).filter((b) => b.booking_date === day);
  const dueOn = (day: string) => (data?.due ?? []).filter((d) => d.due_on === day);
  const blockOn = (day: string) => (data?.blocks ?? []).find((b) => b.starts_on <= day && b.ends_on >= day);
  const closed = (day: string) => data?.settings.closed_weekday === isoWeekday(day);
  const full = (day: string) =>
    bookingsOn(day).filter((b) => b.status === 'confirmed').length >= (data?.settings.capacity_per_day ?? 1);
  const dayLabel = (day: string) => {
    const list = bookingsOn(day);
    const parts = [formatDay(day, { weekday: 'long', month: 'long', day: 'numeric' })];
    if (day === todayIs) parts.push('today');
    if (list.length)
      parts.push(
        `${list.length} booking${list.length === 1 ? '' : 's'} (${list.map((b) => statusLabel(b.status).toLowerCase()).join(', ')})`,
      );
    const due = dueOn(day);
    if (due.length) parts.push(`${due.length} payment${due.length === 1 ? '' : 's'} due`);
    if (blockOn(day)) parts.push('blocked');
    else if (closed(day)) parts.push('closed weekday');
    else if (full(day)) parts.push('full');
    return parts.join(', ');
  };

  const monthBlocks = (data?.blocks ?? []).filter((b) => b.ends_on >= first && b.starts_on <= last);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={`${id}-title`} className="text-2xl font-semibold">
          Calendar
        </h1>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={smallButton}
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
            aria-label="Previous month"
          >
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <p className="min-w-36 text-center font-semibold text-cream" aria-live="polite">
            {monthTitle(month)}
          </p>
          <button
            type="button"
            className={smallButton}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
            aria-label="Next month"
          >
            <ChevronRight aria-hidden className="size-4" />
          </button>
          <button type="button" className={smallButton} onClick={() => setMonth(today().slice(0, 7))}>
            Today
          </button>
        </div>
      </div>

      {error && <p className="text-sm text-red-300">Could not load the calendar: {error}</p>}

      <div>
        <table className="w-full table-fixed border-collapse text-sm" aria-busy={loading}>
          <caption className="sr-only">
            {monthTitle(month)}: bookings by status and blocked days. Choose a day for its details.
          </caption>
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w} scope="col" className="pb-1 text-xs font-semibold text-muted">
                  <abbr title={w} className="no-underline">
                    <span className="sm:hidden">{w.slice(0, 1)}</span>
                    <span className="hidden sm:inline">{w.slice(0, 3)}</span>
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const list = bookingsOn(day);
                  const block = blockOn(day);
                  const unavailable = Boolean(block) || closed(day) || full(day);
                  return (
                    <td key={day} className="h-16 border border-cream/10 p-0 align-top sm:h-28">
                      <button
                        type="button"
                        onClick={() => setSelected(day)}
                        aria-pressed={selected === day}
                        className={cn(
                          'flex h-full w-full flex-col items-stretch gap-1 p-1 text-left hover:bg-cream/5 focus-visible:outline-2 focus-visible:outline-gold',
                          day.slice(0, 7) !== month && 'bg-ink/50',
                          block &&
                            'bg-[repeating-linear-gradient(135deg,rgba(224,168,58,0.16)_0,rgba(224,168,58,0.16)_6px,transparent_6px,transparent_12px)]',
                          !block && closed(day) && 'bg-cream/5',
                          selected === day && 'ring-2 ring-gold ring-inset',
                        )}
                      >
                        {/* The button's name says it all; what is drawn is for the eye. */}
                        <span className="sr-only">{dayLabel(day)}</span>
                        <span aria-hidden className="flex items-center justify-between gap-1">
                          <span
                            className={cn(
                              'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                              day === todayIs
                                ? 'bg-gold text-ink'
                                : day.slice(0, 7) !== month
                                  ? 'text-muted'
                                  : 'text-sand',
                            )}
                          >
                            {Number(day.slice(8))}
                          </span>
                          {unavailable && (
                            <span className="hidden truncate text-[0.65rem] font-semibold tracking-wide text-gold uppercase sm:inline">
                              {block ? 'Blocked' : closed(day) ? 'Closed' : 'Full'}
                            </span>
                          )}
                        </span>
                        {/* Narrow screens: a dot per booking; wider: the name and time. */}
                        <span aria-hidden className="flex flex-wrap gap-0.5 sm:hidden">
                          {list.slice(0, 6).map((b) => (
                            <span key={b.id} className={cn('size-2 rounded-full', STATUS_TONES[b.status].dot)} />
                          ))}
                          {dueOn(day).length > 0 && <span className="size-2 rotate-45 border border-gold" />}
                          {block ? (
                            <span className="h-1 w-full rounded bg-gold/70" />
                          ) : closed(day) ? (
                            <span className="h-1 w-full rounded bg-cream/30" />
                          ) : (
                            full(day) && <span className="h-1 w-full rounded bg-green-300/70" />
                          )}
                        </span>
                        <span aria-hidden className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                          {list.slice(0, 3).map((b) => (
                            <span
                              key={b.id}
                              className={cn(
                                'truncate rounded border px-1 text-[0.7rem] leading-4',
                                STATUS_TONES[b.status].chip,
                              )}
                            >
                              {formatTime(b.booking_time)} {b.name}
                            </span>
                          ))}
                          {list.length > 3 && <span className="text-[0.7rem] text-muted">+{list.length - 3} more</span>}
                          {dueOn(day).map((d) => (
                            <span
                              key={`${d.booking_id}-${d.kind}`}
                              className="truncate text-[0.7rem] leading-4 text-gold"
                            >
                              ◆ {d.kind === 'deposit' ? 'Deposit' : 'Balance'}: {d.name}
                            </span>
                          ))}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <CalendarLegend />
      </div>

      {selected && data && (
        <DayDetails
          day={selected}
          bookings={bookingsOn(selected)}
          due={dueOn(selected)}
          block={blockOn(selected)}
          closed={closed(selected)}
          full={full(selected)}
          capacity={data.settings.capacity_per_day}
          onClose={() => setSelected(null)}
          onChanged={reload}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <BlockForm key={selected ?? todayIs} initialDay={selected ?? todayIs} onAdded={reload} />
        <section aria-labelledby={`${id}-blocks`} className="rounded-xl border border-cream/10 p-4">
          <h2 id={`${id}-blocks`} className="text-base font-semibold text-cream">
            Blocked in {monthTitle(month)}
          </h2>
          {monthBlocks.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No blocked days this month.</p>
          ) : (
            <ul className="mt-2 grid gap-2">
              {monthBlocks.map((b) => (
                <BlockRow key={b.id} block={b} onRemoved={reload} />
              ))}
            </ul>
          )}
        </section>
      </div>

      {data && <SettingsForm settings={data.settings} onSaved={reload} />}
      {data && <FeedSection settings={data.settings} onMade={reload} />}
    </section>
  );
}
