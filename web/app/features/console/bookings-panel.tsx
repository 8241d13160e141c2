import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import { BookingDetail } from './booking-detail.tsx';
import { BookingMarks, StatusBadge } from './badges.tsx';
import { addDays } from '~/lib/business-date.ts';
import {
  allRows,
  BOOKING_STATUSES,
  getBooking,
  listBookings,
  MONEY_STATES,
  unavailableDays,
  type Booking,
  type BookingQuery,
  type BookingRow,
} from './console-api.ts';
import { DietaryNote, MONEY_FILTER_LABELS, MoneyCell } from './booking-money.tsx';
import { toCsv } from './csv.ts';
import { DataTable, Pager } from './data-table.tsx';
import { formatDate, formatDateTime, formatTime, statusLabel } from './format.ts';
import { CsvButton, LoadError, PanelHeader } from './panel.tsx';
import { useLinked, useLoad } from './use-load.ts';

const PAGE_SIZE = 25;
export const BOOKING_CSV_COLUMNS: (keyof Booking & string)[] = [
  'id',
  'created_at',
  'name',
  'email',
  'phone',
  'booking_date',
  'booking_time',
  'guests',
  'service_type',
  'location',
  'message',
  'status',
  'status_reason',
  'owner_note',
  'updated_at',
];

const fieldClass =
  'min-h-11 w-full min-w-0 rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';

/** Every booking request: filter by status and event date, sort, page through, open one to work it. */
export function BookingsPanel({
  userId,
  linked = null,
  onLinkedClosed,
}: {
  userId: string;
  /** The id of a booking to open at once (a link from an e-mail). */
  linked?: string | null;
  onLinkedClosed?: () => void;
}) {
  const [query, setQuery] = useState<BookingQuery>({
    status: 'all',
    money: 'all',
    from: '',
    to: '',
    sort: 'newest',
    page: 0,
    pageSize: PAGE_SIZE,
  });
  const [open, setOpen] = useState<Booking | null>(null);
  const { data, error, loading, reload } = useLoad(() => listBookings(query), JSON.stringify(query));
  const rows = useMemo(() => data?.rows ?? [], [data]);
  // Waiting requests whose day is already unavailable (blocked, closed, full) are marked, so the chef
  // answers them at once. One question for the page's days (at most a year from the earliest).
  const waitingDays = useMemo(
    () =>
      [
        ...new Set(rows.filter((r) => r.status === 'new' || r.status === 'contacted').map((r) => r.booking_date)),
      ].sort(),
    [rows],
  );
  const taken = useLoad(
    () =>
      waitingDays.length
        ? unavailableDays(waitingDays[0]!, addDays(waitingDays[0]!, 366))
        : Promise.resolve(new Set<string>()),
    waitingDays.join(','),
  );
  const takenDays = taken.data;
  const change = (patch: Partial<BookingQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch }));
  useLinked(linked, getBooking, setOpen, 'booking', onLinkedClosed);

  const columns = useMemo<ColumnDef<BookingRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Request',
        cell: ({ row }) => (
          <>
            <button
              type="button"
              className="text-left font-semibold text-cream underline decoration-gold/50 underline-offset-4 hover:text-gold"
              onClick={() => setOpen(row.original)}
            >
              {row.original.name}
            </button>
            <span className="block text-xs text-muted">Received {formatDateTime(row.original.created_at)}</span>
            {/* The status stands under the name rather than in a column of its own, so the table fits 375 px
                and the allergy's row under the booking does not run past the screen. */}
            <span className="mt-1 block">
              <StatusBadge status={row.original.status} />
            </span>
          </>
        ),
      },
      {
        id: 'event',
        header: 'Event',
        cell: ({ row }) => (
          <>
            <span>
              <span className="whitespace-nowrap">{formatDate(row.original.booking_date)},</span>{' '}
              <span className="whitespace-nowrap">{formatTime(row.original.booking_time)}</span>
            </span>
            <BookingMarks
              booking={row.original}
              dayUnavailable={
                (row.original.status === 'new' || row.original.status === 'contacted') &&
                Boolean(takenDays?.has(row.original.booking_date))
              }
            />
          </>
        ),
      },
      {
        id: 'guests',
        header: 'Guests',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => row.original.guests,
      },
      {
        id: 'service',
        header: 'Service',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => row.original.service_type,
      },
      { id: 'money', header: 'Money', cell: ({ row }) => <MoneyCell row={row.original} /> },
    ],
    [takenDays],
  );

  return (
    <section aria-labelledby="bookings-title">
      <PanelHeader titleId="bookings-title" title="Bookings">
        <CsvButton
          label="Export bookings (CSV)"
          name="bookings"
          csv={async () => toCsv(await allRows<Booking>('bookings'), BOOKING_CSV_COLUMNS)}
        />
      </PanelHeader>

      <form
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter bookings"
      >
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-sand">
          Status
          <select
            className={fieldClass}
            value={query.status}
            onChange={(e) => change({ status: e.target.value as BookingQuery['status'] })}
          >
            <option value="all">All statuses</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-sand">
          Money
          <select
            className={fieldClass}
            value={query.money}
            onChange={(e) => change({ money: e.target.value as BookingQuery['money'] })}
          >
            <option value="all">Any</option>
            {MONEY_STATES.map((m) => (
              <option key={m} value={m}>
                {MONEY_FILTER_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-sand">
          Sort
          <select
            className={fieldClass}
            value={query.sort}
            onChange={(e) => change({ sort: e.target.value as BookingQuery['sort'] })}
          >
            <option value="newest">Newest request first</option>
            <option value="event">By event date</option>
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-sand">
          Event from
          <input
            type="date"
            className={fieldClass}
            value={query.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-sand">
          Event until
          <input type="date" className={fieldClass} value={query.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
      </form>

      {error && <LoadError what="bookings" error={error} onRetry={reload} />}
      <div className={cn('mt-4 transition-opacity', loading && 'opacity-60')} aria-busy={loading}>
        <DataTable
          caption="Booking requests"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowDetail={(r) => (r.dietary ? <DietaryNote dietary={r.dietary} className="sm:w-fit" /> : null)}
          empty={loading ? 'Loading…' : 'No booking requests match.'}
        />
        <Pager
          label="Bookings"
          page={query.page}
          pageSize={query.pageSize}
          total={data?.total ?? 0}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      </div>

      {open && (
        <BookingDetail
          key={open.id}
          booking={open}
          userId={userId}
          onClose={() => {
            setOpen(null);
            if (linked) onLinkedClosed?.();
          }}
          onChanged={reload}
        />
      )}
    </section>
  );
}
