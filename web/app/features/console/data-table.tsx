import { Fragment, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { cn } from '~/lib/cn.ts';
import { smallButton } from './buttons.ts';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Classes for the column's cells (e.g. hidden on a phone). */
    className?: string;
  }
}

/**
 * A list as a real table (TanStack Table, headless): a caption for screen readers, column headers,
 * and rows given by the page the server answered (pagination is the server's, see Pager). A row's
 * detail, when given, is a second row under it with one cell across every column, so a long line (an
 * allergy) reads at the table's full width on a phone instead of wrapping inside a narrow column.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  rowDetail,
}: {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  rowClassName?: (row: T) => string | undefined;
  rowDetail?: (row: T) => ReactNode;
}) {
  // TanStack Table's instance is rebuilt each render; the React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualPagination: true,
  });
  return (
    <div className="overflow-x-auto rounded-xl border border-cream/10">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-smoke/60 text-xs tracking-wide text-sand uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn('px-3 py-2.5 font-semibold', header.column.columnDef.meta?.className)}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const detail = rowDetail?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr className={cn('border-t border-cream/10 align-top', rowClassName?.(row.original))}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn('px-3 py-3', cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {detail ? (
                  <tr className={rowClassName?.(row.original)}>
                    <td colSpan={row.getVisibleCells().length} className="px-3 pb-3">
                      {detail}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** "21–40 of 10,000" with Previous / Next; the page itself is read by the caller with a range. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const n = new Intl.NumberFormat('en-GB');
  return (
    <nav
      aria-label={`${label} pages`}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-sand"
    >
      <p aria-live="polite">
        {total === 0 ? 'None' : `${first}–${last} of ${n.format(total)}`}
        <span className="text-muted">
          {' '}
          · page {page + 1} of {pages}
        </span>
      </p>
      <div className="flex gap-2">
        <button type="button" className={smallButton} disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className={smallButton} disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

// The buttons' classes live in ./buttons.ts (the console's gate uses them without loading TanStack Table).
export { dangerSmallButton, primarySmallButton, smallButton } from './buttons.ts';
