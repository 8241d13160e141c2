import { CalendarClock, ChefHat, Mail, Wallet } from 'lucide-react';
import { formatMoney, paymentKinds, paymentMethods } from '@content/quotes.ts';
import { allBalances, allRows, backupStatus, moneyDue, overview, type Booking, type Payment, type Waiting } from './console-api.ts';
import { toCsv } from './csv.ts';
import { smallButton } from './data-table.tsx';
import { ageOf, today } from './format.ts';
import { CsvButton, LoadError, PanelHeader } from './panel.tsx';
import type { SectionId } from './sections.ts';
import { useLoad } from './use-load.ts';

/** What needs attention now: new booking requests, recipes to review, unread messages. */
export function OverviewPanel({ onOpen }: { onOpen: (section: SectionId) => void }) {
  const { data, error, loading, reload } = useLoad(overview, 'overview');
  const cards: { id: SectionId; title: string; noun: [string, string]; icon: typeof Mail; w?: Waiting }[] = [
    { id: 'bookings', title: 'New booking requests', noun: ['request', 'requests'], icon: CalendarClock, w: data?.bookings },
    { id: 'moderation', title: 'Recipes waiting for review', noun: ['recipe', 'recipes'], icon: ChefHat, w: data?.recipes },
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
      <MoneyCard />
      <BackupLine />
    </section>
  );
}

/** The payments export's columns: each payment with its booking's name and date, the amount in cents and as money. */
export const PAYMENT_CSV_COLUMNS = ['received_on', 'client', 'event_date', 'kind', 'method', 'amount_cents', 'amount', 'note', 'provider_reference', 'booking_id', 'id'] as const;

/** Money expected this month and overdue (the database's balances), and the payments export. */
function MoneyCard() {
  const { data, error, reload } = useLoad(async () => moneyDue(await allBalances(), today()), 'money');
  const money = (c: number) => formatMoney(c, data?.currency ?? 'USD');

  /** Each payment with its booking's name and date, as the spreadsheet's columns. */
  async function paymentsCsv() {
    const [payments, bookings] = await Promise.all([allRows<Payment>('payments'), allRows<Booking>('bookings')]);
    const byId = new Map(bookings.map((b) => [b.id, b]));
    const rows = payments.map((p) => ({
      received_on: p.received_on,
      client: byId.get(p.booking_id)?.name ?? '',
      event_date: byId.get(p.booking_id)?.booking_date ?? '',
      kind: paymentKinds[p.kind],
      method: paymentMethods[p.method],
      amount_cents: p.amount_cents,
      amount: (p.amount_cents / 100).toFixed(2),
      note: p.note ?? '',
      provider_reference: p.provider_reference ?? '',
      booking_id: p.booking_id,
      id: p.id,
    }));
    return toCsv(rows, [...PAYMENT_CSV_COLUMNS]);
  }

  return (
    <section aria-labelledby="overview-money" className="mt-6 rounded-xl border border-cream/10 bg-charcoal p-5">
      <h2 id="overview-money" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-sand uppercase">
        <Wallet aria-hidden className="size-4 text-gold" /> Money
      </h2>
      {error && <LoadError what="the balances" error={error} onRetry={reload} className="mt-2" />}
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Expected this month</dt>
          <dd className="text-3xl font-semibold text-cream">{data ? money(data.thisMonth) : '…'}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Overdue</dt>
          <dd className={`text-3xl font-semibold ${data && data.overdue > 0 ? 'text-red-300' : 'text-cream'}`}>{data ? money(data.overdue) : '…'}</dd>
          {data && data.overdueCount > 0 && (
            <dd className="text-sm text-muted">
              {data.overdueCount} {data.overdueCount === 1 ? 'booking' : 'bookings'} late
            </dd>
          )}
        </div>
      </dl>
      <CsvButton label="Export payments (CSV)" name="payments" csv={paymentsCsv} className="mt-4" />
    </section>
  );
}

/** A backup older than this is shown as a warning. */
const STALE_BACKUP_MS = 2 * 24 * 3600_000;

/** The age of the last good backup, and a failure since then: never silent (README.md, "Backups"). */
async function loadBackupStatus() {
  const status = await backupStatus();
  return { ...status, stale: !status.last_good_at || Date.now() - new Date(status.last_good_at).getTime() > STALE_BACKUP_MS };
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
