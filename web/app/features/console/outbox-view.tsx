import type { ColumnDef } from '@tanstack/react-table';
import { RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import type { Json, Tables } from '~/lib/database.types.ts';
import { getSupabase } from '~/lib/supabase.ts';
import { DataTable, Pager, smallButton } from './data-table.tsx';
import { formatDateTime } from './format.ts';
import { LoadError, PanelHeader } from './panel.tsx';
import { useLoad } from './use-load.ts';

/**
 * The console's Outbox: every e-mail the site has to send (public.outbox, filled by the database),
 * newest first, with where it goes, whether it left and why not. Without SMTP_URL nothing leaves,
 * and this is where the chef sees what would have been sent. Reads through supabase-js; the
 * database shows the outbox to the owner only (migration *_outbox.sql).
 */
export type OutboxMessage = Omit<
  Pick<
    Tables<'outbox'>,
    | 'id'
    | 'created_at'
    | 'event'
    | 'recipient'
    | 'status'
    | 'attempts'
    | 'last_error'
    | 'sent_at'
    | 'next_attempt_at'
    | 'payload'
  >,
  'status' | 'payload'
> & {
  status: CheckValue<'outbox', 'status'>;
  /** Always a JSON object (server/src/mail/outbox-events.ts says what each event's holds). */
  payload: { [key: string]: Json | undefined };
};

const PAGE_SIZE = 50;

/** A label for every event the outbox's check allows (a new event does not compile without one). */
export const EVENT_LABELS: Record<CheckValue<'outbox', 'event'>, string> = {
  booking_received: 'New booking request',
  booking_acknowledged: 'Booking received (to the visitor)',
  booking_confirmed: 'Booking confirmed, with invitation',
  booking_declined: 'Booking declined',
  booking_cancelled: 'Booking cancelled',
  booking_reminder: 'Reminder: booking waiting',
  recipe_received: 'New recipe to review',
  recipe_approved: 'Recipe approved (to the author)',
  recipe_reminder: 'Reminder: recipe waiting',
  contact_received: 'New contact message',
  email_change: 'E-mail address change (to the member)',
  quote_sent: 'Quote (to the client)',
  quote_accepted: 'Quote accepted',
  quote_changes_requested: 'Client asks for changes',
  quote_acceptance_refused: 'Acceptance refused (day unavailable)',
  payment_receipt: 'Payment receipt (to the client)',
  payment_received: 'Card payment received (to you)',
  balance_reminder: 'Reminder: balance due (to the client)',
  deposit_late: 'Reminder: deposit late',
  event_tomorrow: 'Reminder: event tomorrow',
};

const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** One line about what the message is about (never the confirm link's token). */
export function aboutOf(m: Pick<OutboxMessage, 'payload'>): string {
  const p = m.payload;
  const text = (k: string) => (typeof p[k] === 'string' || typeof p[k] === 'number' ? String(p[k]) : '');
  if (text('booking_date'))
    return [text('name'), text('booking_date'), text('guests') && `${text('guests')} guests`]
      .filter(Boolean)
      .join(', ');
  if (text('title')) return text('title');
  if (text('subject')) return `${text('name')}: ${text('subject')}`;
  return '';
}

async function listOutbox(page: number): Promise<{ rows: OutboxMessage[]; total: number }> {
  const supabase = await getSupabase();
  const start = page * PAGE_SIZE;
  const { data, error, count } = await supabase
    .from('outbox')
    .select('id, created_at, event, recipient, status, attempts, last_error, sent_at, next_attempt_at, payload', {
      count: 'exact',
    })
    .order('created_at', { ascending: false })
    .order('id')
    .range(start, start + PAGE_SIZE - 1);
  if (error) throw new Error(error.message);
  return { rows: (data ?? []) as OutboxMessage[], total: count ?? data?.length ?? 0 };
}

export function OutboxView() {
  const [page, setPage] = useState(0);
  const { data, error, loading, reload } = useLoad(() => listOutbox(page), String(page));
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const waiting = rows.filter((r) => r.status === 'pending' || r.status === 'sending').length;
  const neverSent = rows.length > 0 && rows.every((r) => r.status !== 'sent');

  // Two columns, so the list fits a 375 px phone without sideways scrolling.
  const columns = useMemo<ColumnDef<OutboxMessage, unknown>[]>(
    () => [
      {
        id: 'what',
        header: 'Message',
        cell: ({ row }) => (
          <>
            <span className="font-semibold text-cream">
              {EVENT_LABELS[row.original.event as CheckValue<'outbox', 'event'>] ?? row.original.event}
            </span>
            <span className="block break-words text-sand">{aboutOf(row.original)}</span>
            <span className="block text-xs text-sand">Written {formatDateTime(row.original.created_at)}</span>
          </>
        ),
      },
      {
        id: 'to',
        header: 'To and status',
        cell: ({ row }) => {
          const m = row.original;
          return (
            <>
              <span className="block break-all">{m.recipient === 'owner' ? 'You (the chef)' : m.recipient}</span>
              <span
                className={cn(
                  'font-semibold',
                  m.status === 'sent' ? 'text-green-300' : m.status === 'failed' ? 'text-red-300' : 'text-gold',
                )}
              >
                {STATUS_LABELS[m.status]}
              </span>
              <span className="block text-xs break-words text-sand">
                {m.status === 'sent' && m.sent_at
                  ? formatDateTime(m.sent_at)
                  : `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}${m.last_error ? ` · ${m.last_error}` : ''}`}
              </span>
            </>
          );
        },
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="outbox-title">
      <PanelHeader titleId="outbox-title" title="Outbox">
        <button type="button" className={smallButton} onClick={reload}>
          <RefreshCw aria-hidden className="size-4" /> Refresh
        </button>
      </PanelHeader>
      <p className="mt-2 max-w-prose text-sm text-sand">
        Every e-mail the site sends: to you about new requests, recipes and messages, and to visitors about their own
        requests. {waiting > 0 && `${waiting} on this page ${waiting === 1 ? 'is' : 'are'} waiting to be sent. `}
        {neverSent &&
          'None has been sent yet: if the server has no SMTP_URL set, messages wait here, safe, until it has (see the README).'}
      </p>
      {error && <LoadError what="the outbox" error={error} onRetry={reload} />}
      <div className={cn('mt-4', loading && 'opacity-60')} aria-busy={loading}>
        <DataTable
          caption="Outbox"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={loading ? 'Loading…' : 'No e-mail yet.'}
        />
        <Pager label="Outbox" page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
      </div>
    </section>
  );
}
