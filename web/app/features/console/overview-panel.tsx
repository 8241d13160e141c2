import { CalendarClock, ChefHat, Mail } from 'lucide-react';
import { backupStatus, overview, type Waiting } from './console-api.ts';
import { smallButton } from './data-table.tsx';
import { ageOf } from './format.ts';
import { MoneyOverview } from './money-overview.tsx';
import { LoadError, PanelHeader } from './panel.tsx';
import type { SectionId } from './sections.ts';
import { useLoad } from './use-load.ts';

/** What needs attention now: new booking requests, recipes to review, unread messages. */
export function OverviewPanel({ onOpen }: { onOpen: (section: SectionId) => void }) {
  const { data, error, loading, reload } = useLoad(overview, 'overview');
  const cards: { id: SectionId; title: string; noun: [string, string]; icon: typeof Mail; w?: Waiting }[] = [
    {
      id: 'bookings',
      title: 'New booking requests',
      noun: ['request', 'requests'],
      icon: CalendarClock,
      w: data?.bookings,
    },
    {
      id: 'moderation',
      title: 'Recipes waiting for review',
      noun: ['recipe', 'recipes'],
      icon: ChefHat,
      w: data?.recipes,
    },
    { id: 'messages', title: 'Unread messages', noun: ['message', 'messages'], icon: Mail, w: data?.messages },
  ];
  return (
    <section aria-labelledby="overview-title">
      <PanelHeader titleId="overview-title" title="Overview" />
      <p className="mt-1 text-sand">What needs your attention now.</p>
      {error && <LoadError what="the overview" error={error} onRetry={reload} />}
      <ul className="mt-6 grid gap-4 sm:grid-cols-3" aria-busy={loading}>
        {cards.map((c) => (
          <li key={c.id} className="flex flex-col rounded-xl border border-cream/10 bg-charcoal p-5">
            <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-sand uppercase">
              <c.icon aria-hidden className="size-4 text-gold" /> {c.title}
            </h2>
            <p className="mt-3 text-4xl font-semibold text-cream">{c.w ? c.w.count : '…'}</p>
            <p className="mt-1 min-h-5 text-sm text-muted">
              {c.w?.oldest ? `Oldest waiting: ${ageOf(c.w.oldest)}` : c.w ? 'Nothing waiting.' : ''}
            </p>
            <button type="button" className={`${smallButton} mt-4 self-start`} onClick={() => onOpen(c.id)}>
              Open {c.title.toLowerCase()}
            </button>
          </li>
        ))}
      </ul>
      <MoneyOverview />
      <BackupLine />
    </section>
  );
}

/** A backup older than this is shown as a warning. */
const STALE_BACKUP_MS = 2 * 24 * 3600_000;

/** The age of the last good backup, and a failure since then: never silent (docs/backups.md). */
async function loadBackupStatus() {
  const status = await backupStatus();
  return {
    ...status,
    stale: !status.last_good_at || Date.now() - new Date(status.last_good_at).getTime() > STALE_BACKUP_MS,
  };
}

function BackupLine() {
  const { data, error } = useLoad(loadBackupStatus, 'backup-status');
  if (error) return <p className="mt-6 text-sm text-muted">Could not read the backup status: {error}</p>;
  if (!data) return null;
  const stale = data.stale;
  return (
    <section aria-labelledby="backups-title" className="mt-6 rounded-xl border border-cream/10 bg-charcoal p-5">
      <h2 id="backups-title" className="text-sm font-semibold tracking-wide text-sand uppercase">
        Backups
      </h2>
      <p className={`mt-2 text-sm ${stale ? 'text-red-300' : 'text-cream'}`} role={stale ? 'alert' : undefined}>
        {data.last_good_at ? `Last good backup: ${ageOf(data.last_good_at)} ago.` : 'No backup has been made yet.'}
      </p>
      {data.last_failure_at && (
        <p role="alert" className="mt-1 text-sm text-red-300">
          The last backup failed {ageOf(data.last_failure_at)} ago: {data.last_error}
        </p>
      )}
    </section>
  );
}
