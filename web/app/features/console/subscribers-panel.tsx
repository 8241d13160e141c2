import type { ColumnDef } from '@tanstack/react-table';
import { Download, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { cn } from '~/lib/cn.ts';
import { allRows, listSubscribers, removeSubscriber, type Subscriber } from './console-api.ts';
import { downloadCsv, toCsv } from './csv.ts';
import { DataTable, dangerSmallButton, Pager, smallButton } from './data-table.tsx';
import { formatDateTime, today } from './format.ts';
import { useLoad } from './use-load.ts';

const PAGE_SIZE = 50;
export const SUBSCRIBER_CSV_COLUMNS: (keyof Subscriber & string)[] = ['id', 'created_at', 'email'];

/** Newsletter addresses (when content/site.ts delivers them), newest first; removable. */
export function SubscribersPanel() {
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const { data, error, loading, reload } = useLoad(() => listSubscribers(page, PAGE_SIZE), String(page));
  const rows = useMemo(() => data?.rows ?? [], [data]);

  const columns = useMemo<ColumnDef<Subscriber, unknown>[]>(
    () => [
      { id: 'email', header: 'E-mail', cell: ({ row }) => <span className="break-all">{row.original.email}</span> },
      { id: 'since', header: 'Subscribed', cell: ({ row }) => formatDateTime(row.original.created_at) },
      {
        id: 'remove',
        header: () => <span className="sr-only">Remove</span>,
        cell: ({ row }) => (
          <button
            type="button"
            className={dangerSmallButton}
            onClick={async () => {
              if (!window.confirm(`Remove ${row.original.email} from the newsletter list?`)) return;
              try {
                await removeSubscriber(row.original.id);
                toast({ title: 'Removed', description: row.original.email });
                reload();
              } catch (err) {
                toast({ title: 'Not removed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
              }
            }}
          >
            <Trash2 aria-hidden className="size-4" /> Remove <span className="sr-only">{row.original.email}</span>
          </button>
        ),
      },
    ],
    [reload],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      downloadCsv(`subscribers-${today()}.csv`, toCsv(await allRows<Subscriber>('newsletter_subscribers'), SUBSCRIBER_CSV_COLUMNS));
    } catch (err) {
      toast({ title: 'Export failed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="subscribers-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="subscribers-title" className="text-2xl font-semibold">
          Newsletter subscribers
        </h1>
        <button type="button" className={smallButton} disabled={exporting} onClick={() => void exportCsv()}>
          <Download aria-hidden className="size-4" /> {exporting ? 'Exporting…' : 'Export subscribers (CSV)'}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-4 text-red-300">
          Could not load subscribers: {error}{' '}
          <button type="button" className="underline" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      <div className={cn('mt-4', loading && 'opacity-60')} aria-busy={loading}>
        <DataTable caption="Newsletter subscribers" columns={columns} rows={rows} rowKey={(r) => r.id} empty={loading ? 'Loading…' : 'No subscribers yet.'} />
        <Pager label="Subscribers" page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
      </div>
    </section>
  );
}
