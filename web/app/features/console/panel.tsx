import { useState, type ReactNode } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { smallButton } from './buttons.ts';
import { downloadCsv } from './csv.ts';
import { today } from './format.ts';

/** A section's heading (`titleId` labels the section), with its actions beside it when it has any. */
export function PanelHeader({ titleId, title, children }: { titleId: string; title: string; children?: ReactNode }) {
  const heading = (
    <h1 id={titleId} className="text-2xl font-semibold">
      {title}
    </h1>
  );
  if (!children) return heading;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {heading}
      {children}
    </div>
  );
}

/** What could not be loaded, why, and a button to try again. */
export function LoadError({
  what,
  error,
  onRetry,
  className = 'mt-4',
}: {
  what: string;
  error: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <p role="alert" className={`${className} text-red-300`}>
      Could not load {what}: {error}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

/**
 * Exports rows as `<name>-<today>.csv`: `csv` reads every row and makes the file's text. The button
 * says so while it works; a failure is a toast.
 */
export function CsvButton({
  label,
  name,
  csv,
  className,
}: {
  label: string;
  name: string;
  csv: () => Promise<string>;
  className?: string;
}) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await csv();
      downloadCsv(`${name}-${today()}.csv`, text);
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
    <button
      type="button"
      className={className ? `${smallButton} ${className}` : smallButton}
      disabled={exporting}
      onClick={() => void exportCsv()}
    >
      {exporting ? 'Exporting…' : label}
    </button>
  );
}
