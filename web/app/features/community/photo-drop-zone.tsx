import { FileImage, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { community } from '@content/community.ts';
import { cn } from '~/lib/cn.ts';
import { groupDigits } from '~/lib/group-digits.ts';
import { RECIPE_PHOTO_MAX_BYTES, RECIPE_PHOTO_TYPES } from './limits.ts';

const TYPE_NAMES = 'PNG, JPG or GIF';

/**
 * The drop zone's messages, in words a visitor reads: "File type must be …", "File is larger
 * than N bytes", "Too many files".
 */
function rejectionMessages(rejections: readonly FileRejection[]): string[] {
  if (rejections.some((r) => r.errors.some((e) => e.code === ErrorCode.TooManyFiles))) {
    return ['Too many files. Please choose one photo.'];
  }
  return rejections.flatMap(({ file, errors }) =>
    errors.map((e) => {
      switch (e.code) {
        case ErrorCode.FileInvalidType:
          return `${file.name}: File type must be ${TYPE_NAMES}.`;
        case ErrorCode.FileTooLarge:
          return `${file.name}: File is larger than ${groupDigits(RECIPE_PHOTO_MAX_BYTES)} bytes (10MB).`;
        default:
          return `${file.name}: ${e.message}.`;
      }
    }),
  );
}

/**
 * The one photo of a recipe: drag and drop or a "Choose a photo" button,
 * PNG/JPG/GIF up to 10MB, a preview and a remove button. Refused files are explained beside it.
 */
export function PhotoDropZone({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const { labels, hints, dropzone } = community.submit;
  const [problems, setProblems] = useState<string[]>([]);
  const chooseRef = useRef<HTMLButtonElement>(null);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(Object.entries(RECIPE_PHOTO_TYPES).map(([type, exts]) => [type, [...exts]])),
    maxFiles: 1,
    multiple: false,
    maxSize: RECIPE_PHOTO_MAX_BYTES,
    disabled,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      setProblems(rejectionMessages(rejected));
      if (accepted[0] && rejected.length === 0) onChange(accepted[0]);
    },
  });

  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const describedBy = problems.length ? `${problemsId} ${hintId}` : hintId;

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-semibold text-sand">
        {labels.image} <span className="font-normal text-muted">(optional)</span>
      </span>
      {file ? (
        <div className="flex flex-col gap-4 rounded-xl border border-cream/15 bg-ink/60 p-4 sm:flex-row sm:items-center">
          <PhotoPreview key={`${file.name}:${file.size}:${file.lastModified}`} file={file} />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <p className="truncate text-sm text-sand" title={file.name}>
              {file.name} · {(file.size / 1024 / 1024).toFixed(1)} MB
            </p>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                onChange(null);
                setProblems([]);
                // Keep focus in the form: the choose button comes back in place of the preview.
                requestAnimationFrame(() => chooseRef.current?.focus());
              }}
              className="inline-flex min-h-11 w-fit items-center gap-2 rounded-full border border-cream/30 px-4 text-sm font-semibold text-cream hover:border-red-300 hover:text-red-300 disabled:opacity-60"
            >
              <X aria-hidden className="size-4" />
              {dropzone.remove}
              <span className="sr-only"> {file.name}</span>
            </button>
          </div>
        </div>
      ) : (
        <div
          {...getRootProps({
            className: cn(
              'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center can-hover:transition-colors',
              isDragActive ? 'border-gold bg-gold/10' : 'border-cream/20 bg-ink/60 hover:border-gold/60',
              problems.length > 0 && 'border-red-400',
              disabled && 'cursor-not-allowed opacity-60',
            ),
          })}
        >
          <input
            {...getInputProps({ 'aria-labelledby': `${id}-label`, 'aria-describedby': describedBy })}
            aria-label={undefined}
          />
          <ImagePlus aria-hidden className="size-10 text-gold" />
          <p className="text-sand">{isDragActive ? dropzone.dragging : dropzone.prompt}</p>
          <button
            ref={chooseRef}
            type="button"
            disabled={disabled}
            aria-describedby={describedBy}
            className="inline-flex min-h-11 items-center rounded-full bg-cream px-5 text-sm font-semibold text-ink hover:bg-gold disabled:opacity-60"
          >
            {dropzone.choose}
          </button>
        </div>
      )}
      <p id={hintId} className="text-sm text-muted">
        {hints.image}
      </p>
      <div id={problemsId} role="alert" className="empty:hidden">
        {problems.length > 0 && (
          <ul className="grid gap-1 text-sm font-medium text-red-300">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The chosen photo, shown from an object URL that lives as long as this preview. */
function PhotoPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is an outside resource made and released with the file
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const frame = 'aspect-[4/3] w-full rounded-lg sm:w-48';
  if (!url || unreadable) {
    // Not shown yet, or the browser cannot show it (it may not really be an image: the server decides).
    return (
      <div className={cn(frame, 'grid place-items-center bg-smoke text-muted')}>
        <FileImage aria-hidden className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={`Preview of ${file.name}`}
      onError={() => setUnreadable(true)}
      className={cn(frame, 'object-cover')}
    />
  );
}
