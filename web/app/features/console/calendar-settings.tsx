import { useId, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { cn } from '~/lib/cn.ts';
import { Constants } from '~/lib/database.constants.ts';
import { backendSettings } from '~/lib/supabase.ts';
import {
  addBlock,
  newFeedSecret,
  removeBlock,
  saveCalendarSettings,
  type BlockedDates,
  type CalendarSettings,
} from './console-api.ts';
import { dangerSmallButton, primarySmallButton, smallButton } from './data-table.tsx';
import { formatDate, formatDateTime } from './format.ts';

/** The calendar's forms: blocking days, the blocked days of a month, the weekly settings and the private feed. */

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const fieldClass =
  'min-h-11 w-full min-w-0 rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

const rangeText = (b: Pick<BlockedDates, 'starts_on' | 'ends_on'>) =>
  b.starts_on === b.ends_on ? formatDate(b.starts_on) : `${formatDate(b.starts_on)} – ${formatDate(b.ends_on)}`;

export function BlockRow({ block, onRemoved }: { block: BlockedDates; onRemoved: () => void }) {
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

export function BlockForm({ initialDay, onAdded }: { initialDay: string; onAdded: () => void }) {
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
          <input
            type="text"
            value={note}
            maxLength={Constants.public.MaxLength.blocked_dates.note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Holiday, another engagement…"
            className={fieldClass}
          />
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

export function SettingsForm({ settings, onSaved }: { settings: CalendarSettings; onSaved: () => void }) {
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
        A day is unavailable when blocked, on the closed weekday, or holding this many confirmed events. Days are in{' '}
        {settings.time_zone}.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-semibold text-sand">
          Closed every
          <select
            value={weekday}
            onChange={(e) => setWeekday(e.target.value)}
            className={cn(fieldClass, 'appearance-auto')}
          >
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
          <input
            type="number"
            min={1}
            max={50}
            step={1}
            inputMode="numeric"
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            className={fieldClass}
          />
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

export function FeedSection({ settings, onMade }: { settings: CalendarSettings; onMade: () => void }) {
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
        Subscribe to this private address in your phone’s calendar: every confirmed booking appears there, and cancelled
        ones disappear. Anyone with the address can read your bookings; make a new one if it was shared.
      </p>
      <p className="mt-2 text-sm text-muted">
        {settings.feed_created_at
          ? `The current address was made ${formatDateTime(settings.feed_created_at)}.`
          : 'No address yet.'}
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
                <input
                  id={`${id}-address-${i}`}
                  readOnly
                  value={value}
                  onFocus={(e) => e.target.select()}
                  className={cn(fieldClass, 'font-mono text-xs')}
                />
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
          if (settings.feed_created_at && !window.confirm('Make a new address? The current one stops working at once.'))
            return;
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
