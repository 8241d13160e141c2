import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { cn } from '~/lib/cn.ts';
import { allRows, listSubscribers, removeSubscriber, type Subscriber } from './console-api.ts';
import { toCsv } from './csv.ts';
import { DataTable, dangerSmallButton, Pager } from './data-table.tsx';
import { formatDateTime } from './format.ts';
import { CsvButton, LoadError, PanelHeader } from './panel.tsx';
import { useLoad } from './use-load.ts';

const PAGE_SIZE = 50;
export const SUBSCRIBER_CSV_COLUMNS: (keyof Subscriber & string)[] = ['id', 'created_at', 'email'];

/** Newsletter addresses (when content/site.ts delivers them), newest first; removable. */
export function SubscribersPanel() {
  const [page, setPage] = useState(0);
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
                toast({
                  title: 'Not removed',
                  description: err instanceof Error ? err.message : String(err),
                  variant: 'destructive',
                });
              }
            }}
          >
            Remove <span className="sr-only">{row.original.email}</span>
          </button>
        ),
      },
    ],
    [reload],
  );

  return (
    <section aria-labelledby="subscribers-title">
      <PanelHeader titleId="subscribers-title" title="Newsletter subscribers">
        <CsvButton
          label="Export subscribers (CSV)"
          name="subscribers"
          csv={async () => toCsv(await allRows<Subscriber>('newsletter_subscribers'), SUBSCRIBER_CSV_COLUMNS)}
        />
      </PanelHeader>
      {error && <LoadError what="subscribers" error={error} onRetry={reload} />}
      <div className={cn('mt-4', loading && 'opacity-60')} aria-busy={loading}>
        <DataTable
          caption="Newsletter subscribers"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={loading ? 'Loading…' : 'No subscribers yet.'}
        />
        <Pager label="Subscribers" page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
      </div>
    </section>
  );
}
