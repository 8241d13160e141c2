import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '~/components/ui/toast-store.ts';
import { addDays, formatDay, isoWeekday } from '~/lib/business-date.ts';
import { backendSettings } from '~/lib/supabase.ts';
import { cn } from '~/lib/cn.ts';
import { StatusBadge } from './badges.tsx';
import { CalendarLegend } from './calendar-legend.tsx';
import { STATUS_TONES } from './status-tones.ts';
import {
  addBlock,
  bookingsBetween,
  calendarSettings,
  listBlocks,
  newFeedSecret,
  removeBlock,
  saveCalendarSettings,
  type BlockedDates,
  type CalendarBooking,
  type CalendarSettings,
} from './console-api.ts';
import { dangerSmallButton, primarySmallButton, smallButton } from './data-table.tsx';
import { formatDate, formatDateTime, formatTime, statusLabel, today } from './format.ts';
import { useLoad } from './use-load.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const fieldClass =
  'min-h-11 w-full min-w-0 rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const monthTitle = (month: string) => formatDay(`${month}-01`, { month: 'long', year: 'numeric' });
function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1, 12));
  return d.toISOString().slice(0, 7);
}

interface MonthData {
  bookings: CalendarBooking[];
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
    const [bookings, blocks, settings] = await Promise.all([bookingsBetween(gridStart, gridEnd), listBlocks(gridStart, gridEnd), calendarSettings()]);
    return { bookings, blocks, settings };
  }, month);

  const days: string[] = [];
  for (let d = gridStart; d <= gridEnd; d = addDays(d, 1)) days.push(d);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const todayIs = today();

  const bookingsOn = (day: string) => (data?.bookings ?? []).filter((b) => b.booking_date === day);
  const blockOn = (day: string) => (data?.blocks ?? []).find((b) => b.starts_on <= day && b.ends_on >= day);
  const closed = (day: string) => data?.settings.closed_weekday === isoWeekday(day);
  const full = (day: string) => bookingsOn(day).filter((b) => b.status === 'confirmed').length >= (data?.settings.capacity_per_day ?? 1);
  const dayLabel = (day: string) => {
    const list = bookingsOn(day);
    const parts = [formatDay(day, { weekday: 'long', month: 'long', day: 'numeric' })];
    if (day === todayIs) parts.push('today');
    if (list.length) parts.push(`${list.length} booking${list.length === 1 ? '' : 's'} (${list.map((b) => statusLabel(b.status).toLowerCase()).join(', ')})`);
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
          <button type="button" className={smallButton} onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label="Previous month">
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <p className="min-w-36 text-center font-semibold text-cream" aria-live="polite">
            {monthTitle(month)}
          </p>
          <button type="button" className={smallButton} onClick={() => setMonth((m) => shiftMonth(m, 1))} aria-label="Next month">
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
                          block && 'bg-[repeating-linear-gradient(135deg,rgba(224,168,58,0.16)_0,rgba(224,168,58,0.16)_6px,transparent_6px,transparent_12px)]',
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
                              day === todayIs ? 'bg-gold text-ink' : day.slice(0, 7) !== month ? 'text-muted' : 'text-sand',
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
                            <span key={b.id} className={cn('truncate rounded border px-1 text-[0.7rem] leading-4', STATUS_TONES[b.status].chip)}>
                              {formatTime(b.booking_time)} {b.name}
                            </span>
                          ))}
                          {list.length > 3 && <span className="text-[0.7rem] text-muted">+{list.length - 3} more</span>}
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

const rangeText = (b: Pick<BlockedDates, 'starts_on' | 'ends_on'>) =>
  b.starts_on === b.ends_on ? formatDate(b.starts_on) : `${formatDate(b.starts_on)} – ${formatDate(b.ends_on)}`;

function BlockRow({ block, onRemoved }: { block: BlockedDates; onRemoved: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-ink/50 px-3 py-2 text-sm">
      <span className="min-w-0">
        <span className="font-semibold">{rangeText(block)}</span>
        {block.note && <span className="block break-words text-sand">{block.note}</span>}
      </span>
      <button
        type="button"
        className={dangerSmallButton}
        onClick={async () => {
          if (!window.confirm(`Remove the block ${rangeText(block)}? Visitors can ask for these days again.`)) return;
          try {
            await removeBlock(block.id);
            toast({ title: 'Block removed', description: rangeText(block) });
            onRemoved();
          } catch (err) {
            toast({ title: 'Not removed', description: errorText(err), variant: 'destructive' });
          }
        }}
      >
        Remove block <span className="sr-only">{rangeText(block)}</span>
      </button>
    </li>
  );
}

function DayDetails({
  day,
  bookings,
  block,
  closed,
  full,
  capacity,
  onClose,
  onChanged,
}: {
  day: string;
  bookings: CalendarBooking[];
  block: BlockedDates | undefined;
  closed: boolean;
  full: boolean;
  capacity: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const id = useId();
  const confirmed = bookings.filter((b) => b.status === 'confirmed').length;
  return (
    <section aria-labelledby={`${id}-day`} className="rounded-xl border border-gold/30 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-day`} className="text-base font-semibold text-cream">
          {formatDay(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}
        </h2>
        <button type="button" className={smallButton} onClick={onClose}>
          Close day
        </button>
      </div>
      <p className="mt-1 text-sm text-sand">
        {block
          ? `Blocked${block.note ? `: ${block.note}` : ''}.`
          : closed
            ? 'Your closed weekday.'
            : full
              ? `Full: ${confirmed} of ${capacity} confirmed.`
              : `Open: ${confirmed} of ${capacity} confirmed.`}
      </p>
      {bookings.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No bookings on this day.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm">
          {bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-ink/50 px-3 py-2">
              <StatusBadge status={b.status} />
              <Link to={`?section=bookings&booking=${b.id}`} className="font-semibold text-cream underline decoration-gold/50 underline-offset-4 hover:text-gold">
                {b.name}
              </Link>
              <span className="text-muted">
                {formatTime(b.booking_time)}, {b.guests} guests, {b.service_type}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!block && (
        <button
          type="button"
          className={`${smallButton} mt-3`}
          onClick={async () => {
            try {
              await addBlock({ starts_on: day, ends_on: day, note: null });
              toast({ title: 'Day blocked', description: formatDate(day) });
              onChanged();
            } catch (err) {
              toast({ title: 'Not blocked', description: errorText(err), variant: 'destructive' });
            }
          }}
        >
          Block this day
        </button>
      )}
    </section>
  );
}

function BlockForm({ initialDay, onAdded }: { initialDay: string; onAdded: () => void }) {
  const id = useId();
  const [from, setFrom] = useState(initialDay);
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  return (
    <form
      className="rounded-xl border border-cream/10 p-4"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        const ends = to || from;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return setProblem('Choose the first day to block.');
        if (ends < from) return setProblem('The last day must not be before the first.');
        if (note.length > 500) return setProblem('Keep the note under 500 characters.');
        setProblem(null);
        setSaving(true);
        try {
          const added = await addBlock({ starts_on: from, ends_on: ends, note: note.trim() || null });
          toast({ title: 'Blocked', description: rangeText(added) });
          setTo('');
          setNote('');
          onAdded();
        } catch (err) {
          setProblem(errorText(err));
        } finally {
          setSaving(false);
        }
      }}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-cream">
        Block days
      </h2>
      <p className="text-xs text-muted">Visitors cannot ask for a blocked day. The note is private.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-semibold text-sand">
          First day
          <input type="date" required value={from} onChange={(e) => setFrom(e.target.value)} className={fieldClass} />
        </label>
        <label className="grid gap-1 text-sm font-semibold text-sand">
          Last day (optional)
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} className={fieldClass} />
        </label>
        <label className="grid gap-1 text-sm font-semibold text-sand sm:col-span-2">
          Private note (optional)
          <input type="text" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="Holiday, another engagement…" className={fieldClass} />
        </label>
      </div>
      <p role="alert" className="mt-2 min-h-5 text-sm text-red-300">
        {problem}
      </p>
      <button type="submit" className={primarySmallButton} disabled={saving}>
        Block
      </button>
    </form>
  );
}

function SettingsForm({ settings, onSaved }: { settings: CalendarSettings; onSaved: () => void }) {
  const id = useId();
  const [weekday, setWeekday] = useState(settings.closed_weekday === null ? '' : String(settings.closed_weekday));
  const [capacity, setCapacity] = useState(String(settings.capacity_per_day));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="rounded-xl border border-cream/10 p-4"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        const n = Number(capacity);
        if (!Number.isInteger(n) || n < 1 || n > 50) return setProblem('Events per day: a whole number from 1 to 50.');
        setProblem(null);
        setSaving(true);
        try {
          await saveCalendarSettings({ capacity_per_day: n, closed_weekday: weekday === '' ? null : Number(weekday) });
          toast({ title: 'Calendar settings saved' });
          onSaved();
        } catch (err) {
          setProblem(errorText(err));
        } finally {
          setSaving(false);
        }
      }}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-cream">
        Availability
      </h2>
      <p className="text-xs text-muted">
        A day is unavailable when blocked, on the closed weekday, or holding this many confirmed events. Days are in {settings.time_zone}.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-semibold text-sand">
          Closed every
          <select value={weekday} onChange={(e) => setWeekday(e.target.value)} className={cn(fieldClass, 'appearance-auto')}>
            <option value="">No closed weekday</option>
            {WEEKDAYS.map((w, i) => (
              <option key={w} value={String(i + 1)}>
                {w}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold text-sand">
          Events per day
          <input type="number" min={1} max={50} step={1} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} className={fieldClass} />
        </label>
      </div>
      <p role="alert" className="mt-2 min-h-5 text-sm text-red-300">
        {problem}
      </p>
      <button type="submit" className={primarySmallButton} disabled={saving}>
        Save availability
      </button>
    </form>
  );
}

/** The feed's address for a secret: the local server and the Edge Function answer the same path. */
export function feedAddress(secret: string) {
  const base = backendSettings().url.replace(/\/+$/, '');
  return `${base}/functions/v1/calendar-feed/${secret}.ics`;
}

function FeedSection({ settings, onMade }: { settings: CalendarSettings; onMade: () => void }) {
  const id = useId();
  const [address, setAddress] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const webcal = address?.replace(/^https?:/, 'webcal:') ?? null;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied' });
    } catch {
      toast({ title: 'Not copied', description: 'Select the address and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-cream/10 p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold text-cream">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-sand">
        Subscribe to this private address in your phone’s calendar: every confirmed booking appears there, and cancelled ones
        disappear. Anyone with the address can read your bookings; make a new one if it was shared.
      </p>
      <p className="mt-2 text-sm text-muted">
        {settings.feed_created_at ? `The current address was made ${formatDateTime(settings.feed_created_at)}.` : 'No address yet.'}
      </p>
      {address && webcal && (
        <div className="mt-3 grid gap-3">
          <p className="text-sm font-semibold text-gold">Copy it now: it is shown only once.</p>
          {[
            ['Feed address', address],
            ['For calendar apps (webcal)', webcal],
          ].map(([label, value], i) => (
            <div key={label} className="grid gap-1">
              <label htmlFor={`${id}-address-${i}`} className="text-sm font-semibold text-sand">
                {label}
              </label>
              <div className="flex gap-2">
                <input id={`${id}-address-${i}`} readOnly value={value} onFocus={(e) => e.target.select()} className={cn(fieldClass, 'font-mono text-xs')} />
                <button type="button" className={smallButton} onClick={() => void copy(value!)}>
                  Copy <span className="sr-only">{label}</span>
                </button>
              </div>
            </div>
          ))}
          <a href={webcal} className={cn(smallButton, 'justify-self-start')}>
            Open in calendar app
          </a>
        </div>
      )}
      <button
        type="button"
        className={`${primarySmallButton} mt-3`}
        disabled={making}
        onClick={async () => {
          if (settings.feed_created_at && !window.confirm('Make a new address? The current one stops working at once.')) return;
          setMaking(true);
          try {
            setAddress(feedAddress(await newFeedSecret()));
            onMade();
          } catch (err) {
            toast({ title: 'No new address', description: errorText(err), variant: 'destructive' });
          } finally {
            setMaking(false);
          }
        }}
      >
        {settings.feed_created_at ? 'Make a new address' : 'Make the feed address'}
      </button>
    </section>
  );
}
