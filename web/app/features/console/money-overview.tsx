import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, paymentKinds, paymentMethods } from '@content/quotes.ts';
import { toast } from '~/components/ui/toast-store.ts';
import { allRows, moneyOverview, type Booking, type MoneyClient, type Payment } from './console-api.ts';
import { downloadCsv, toCsv } from './csv.ts';
import { smallButton } from './data-table.tsx';
import { formatDate, today } from './format.ts';
import { useLoad } from './use-load.ts';

/** The payments export's columns: each payment with its booking's name and date, the amount in cents and as money. */
export const PAYMENT_CSV_COLUMNS = [
  'received_on',
  'client',
  'event_date',
  'kind',
  'method',
  'amount_cents',
  'amount',
  'note',
  'provider_reference',
  'booking_id',
  'id',
] as const;

async function exportPayments() {
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
  downloadCsv(`payments-${today()}.csv`, toCsv(rows, [...PAYMENT_CSV_COLUMNS]));
}

/**
 * Money at a glance (public.money_overview(): whole cents, the business's day): what came in this
 * month, what falls due in the next 30 days and what is overdue, each a list of clients linking to
 * their booking; everything still to come; the payments export.
 */
export function MoneyOverview() {
  const { data, error, reload } = useLoad(moneyOverview, 'money');
  const [exporting, setExporting] = useState(false);
  const money = (c: number) => formatMoney(c, data?.currency ?? 'USD');

  async function onExport() {
    setExporting(true);
    try {
      await exportPayments();
    } catch (err) {
      toast({
        title: 'Export failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="overview-money" className="mt-6 rounded-xl border border-cream/10 bg-charcoal p-4 sm:p-5">
      <h2
        id="overview-money"
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-sand uppercase"
      >
        <Wallet aria-hidden className="size-4 text-gold" /> Money
      </h2>
      {error && (
        <p role="alert" className="mt-2 text-red-300">
          Could not load the money overview: {error}{' '}
          <button type="button" className="underline" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      {data && (
        <p className="mt-2 text-sm text-sand">
          Still to come from confirmed bookings: <strong className="text-cream">{money(data.outstanding_cents)}</strong>
        </p>
      )}
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        <MoneyList
          title="Received this month"
          total={data?.received.total_cents}
          money={money}
          clients={data?.received.clients}
          empty="Nothing received yet this month."
        />
        <MoneyList
          title="Due in the next 30 days"
          total={data?.due_soon.total_cents}
          money={money}
          clients={data?.due_soon.clients}
          empty="Nothing falls due in the next 30 days."
        />
        <MoneyList
          title="Overdue"
          total={data?.overdue.total_cents}
          money={money}
          clients={data?.overdue.clients}
          empty="Nothing is overdue."
          late
        />
      </div>
      <button type="button" className={`${smallButton} mt-4`} disabled={exporting} onClick={() => void onExport()}>
        {exporting ? 'Exporting…' : 'Export payments (CSV)'}
      </button>
    </section>
  );
}

function MoneyList(props: {
  title: string;
  total?: number;
  clients?: MoneyClient[];
  money: (c: number) => string;
  empty: string;
  late?: boolean;
}) {
  const { title, total, clients, money, empty, late } = props;
  const tone = late && total ? 'text-red-300' : 'text-cream';
  return (
    <section aria-label={title} className="min-w-0 rounded-lg bg-ink/50 p-3">
      <h3 className="text-sm text-muted">{title}</h3>
      <p className={`text-2xl font-semibold ${tone}`}>{total === undefined ? '…' : money(total)}</p>
      {clients && clients.length === 0 && <p className="mt-1 text-sm text-muted">{empty}</p>}
      {clients && clients.length > 0 && (
        <ul className="mt-2 grid gap-1">
          {clients.map((c) => (
            <li key={`${c.booking_id}-${c.kind ?? 'paid'}`}>
              <Link
                to={`?section=bookings&booking=${encodeURIComponent(c.booking_id)}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-2 rounded px-2 py-1 text-sm hover:bg-cream/5 focus-visible:outline-2 focus-visible:outline-gold"
              >
                <span className="min-w-0 font-semibold break-words text-cream">{c.name}</span>
                <span className={late ? 'text-red-200' : 'text-sand'}>{money(c.amount_cents)}</span>
                <span className="w-full text-xs text-muted">
                  {c.kind
                    ? `${paymentKinds[c.kind]} due ${formatDate(c.due_on!)}`
                    : `Last paid ${formatDate(c.received_on!)}`}{' '}
                  · event {formatDate(c.booking_date)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
