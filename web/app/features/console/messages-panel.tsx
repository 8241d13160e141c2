import * as Dialog from '@radix-ui/react-dialog';
import type { ColumnDef } from '@tanstack/react-table';
import { Mail, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '~/lib/cn.ts';
import {
  allRows,
  getMessage,
  listMessages,
  updateMessage,
  type ContactMessageRow,
  type MessageView,
} from './console-api.ts';
import { toCsv } from './csv.ts';
import { DataTable, Pager, smallButton } from './data-table.tsx';
import { formatDateTime } from './format.ts';
import { CsvButton, LoadError, PanelHeader } from './panel.tsx';
import { useLinked, useLoad } from './use-load.ts';
import { mailtoHref } from '~/lib/email-address.ts';

const PAGE_SIZE = 25;
export const MESSAGE_CSV_COLUMNS: (keyof ContactMessageRow & string)[] = [
  'id',
  'created_at',
  'name',
  'email',
  'subject',
  'message',
  'read_at',
  'archived_at',
];

/** Messages from the contact form (when content/site.ts delivers them): read/unread, archive. */
export function MessagesPanel({
  linked = null,
  onLinkedClosed,
}: { linked?: string | null; onLinkedClosed?: () => void } = {}) {
  const [view, setView] = useState<MessageView>('inbox');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<ContactMessageRow | null>(null);
  const { data, error, loading, reload } = useLoad(() => listMessages(view, page, PAGE_SIZE), `${view}:${page}`);
  const rows = useMemo(() => data?.rows ?? [], [data]);

  // Said inside the open message (a modal hides the page's toasts from screen readers).
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function change(
    m: ContactMessageRow,
    patch: Partial<Pick<ContactMessageRow, 'read_at' | 'archived_at'>>,
    done?: string,
  ) {
    try {
      const updated = await updateMessage(m.id, patch);
      setOpen((o) => (o?.id === m.id ? updated : o));
      if (done) setNotice({ text: done, error: false });
      reload();
    } catch (err) {
      setNotice({
        text: `The message was not changed: ${err instanceof Error ? err.message : String(err)}`,
        error: true,
      });
    }
  }

  function read(m: ContactMessageRow) {
    setOpen(m);
    setNotice(null);
    if (!m.read_at) void change(m, { read_at: new Date().toISOString() });
  }

  useLinked(linked, getMessage, read, 'message', onLinkedClosed);

  const columns = useMemo<ColumnDef<ContactMessageRow, unknown>[]>(
    () => [
      {
        id: 'subject',
        header: 'Message',
        cell: ({ row: { original: m } }) => (
          <>
            <button
              type="button"
              onClick={() => read(m)}
              className={cn(
                'text-left underline decoration-gold/50 underline-offset-4 hover:text-gold',
                m.read_at ? 'text-sand' : 'font-semibold text-cream',
              )}
            >
              {m.subject}
            </button>
            <span className="block text-xs break-all text-muted">
              {m.name} · {m.email}
            </span>
          </>
        ),
      },
      {
        id: 'received',
        header: 'Received',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => formatDateTime(row.original.created_at),
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) =>
          row.original.read_at ? (
            <span className="text-muted">Read</span>
          ) : (
            <span className="rounded-full bg-gold/20 px-2.5 py-0.5 text-xs font-semibold text-gold">Unread</span>
          ),
      },
    ],
    // read() only uses stable setters and change(), which reads the latest state through them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <section aria-labelledby="messages-title">
      <PanelHeader titleId="messages-title" title="Messages">
        <CsvButton
          label="Export messages (CSV)"
          name="messages"
          csv={async () => toCsv(await allRows<ContactMessageRow>('contact_messages'), MESSAGE_CSV_COLUMNS)}
        />
      </PanelHeader>
      <div
        role="group"
        aria-label="Which messages"
        className="mt-4 inline-flex rounded-full border border-cream/20 p-1"
      >
        {(['inbox', 'archived'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => {
              setView(v);
              setPage(0);
            }}
            className={cn(
              'min-h-11 rounded-full px-4 text-sm font-semibold',
              view === v ? 'bg-gold text-ink' : 'text-sand hover:text-cream',
            )}
          >
            {v === 'inbox' ? 'Inbox' : 'Archived'}
          </button>
        ))}
      </div>
      {error && <LoadError what="messages" error={error} onRetry={reload} />}
      <div className={cn('mt-4', loading && 'opacity-60')} aria-busy={loading}>
        <DataTable
          caption="Contact messages"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={loading ? 'Loading…' : 'No messages here.'}
        />
        <Pager label="Messages" page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
      </div>

      {open && (
        <Dialog.Root
          open
          onOpenChange={(o) => {
            if (o) return;
            setOpen(null);
            if (linked) onLinkedClosed?.();
          }}
        >
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/80" />
            <Dialog.Content className="fixed inset-0 z-[61] overflow-y-auto bg-charcoal p-5 sm:inset-y-4 sm:right-4 sm:left-auto sm:w-[36rem] sm:rounded-2xl sm:border sm:border-gold/25 sm:p-8">
              <div className="flex items-start justify-between gap-4">
                <Dialog.Title className="text-2xl font-semibold break-words text-cream">{open.subject}</Dialog.Title>
                <Dialog.Close aria-label="Close" className="rounded-full p-2 text-muted hover:text-cream">
                  <X aria-hidden className="size-5" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="mt-1 text-sm break-all text-sand">
                From {open.name} ({open.email}), {formatDateTime(open.created_at)}
              </Dialog.Description>
              <p className="mt-6 break-words whitespace-pre-wrap">{open.message}</p>
              <p
                role="status"
                className={cn('mt-6 min-h-6 text-sm font-semibold', notice?.error ? 'text-red-300' : 'text-green-200')}
              >
                {notice?.text}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <a href={mailtoHref(open.email, `Re: ${open.subject}`)} className={smallButton}>
                  <Mail aria-hidden className="size-4" /> Reply by e-mail
                </a>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() =>
                    void change(
                      open,
                      { read_at: open.read_at ? null : new Date().toISOString() },
                      open.read_at ? 'Marked unread.' : 'Marked read.',
                    )
                  }
                >
                  Mark {open.read_at ? 'unread' : 'read'}
                </button>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() =>
                    void change(
                      open,
                      { archived_at: open.archived_at ? null : new Date().toISOString() },
                      open.archived_at ? 'Moved to the inbox.' : 'Archived.',
                    )
                  }
                >
                  {open.archived_at ? 'Move to inbox' : 'Archive'}
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </section>
  );
}
