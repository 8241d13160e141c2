import { RECIPE_PHOTO_TYPES } from './limits.ts';

const MAX_BASE = 60;
const EXT_BY_TYPE: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/**
 * A storage-safe version of the visitor's file name: letters, digits, dot, dash and underscore
 * only, no leading dots, at most 60 characters before the extension, and an image extension kept
 * (or taken from the file's type when the name has none we accept).
 */
export function safeFileName(name: string, type = ''): string {
  const dot = name.lastIndexOf('.');
  const rawBase = dot > 0 ? name.slice(0, dot) : name;
  const rawExt = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const known = Object.values(RECIPE_PHOTO_TYPES)
    .flat()
    .map((e) => e.slice(1)) as string[];
  const ext = known.includes(rawExt) ? rawExt : (EXT_BY_TYPE[type] ?? (/^[a-z0-9]{1,5}$/.test(rawExt) ? rawExt : ''));
  const base =
    rawBase
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, MAX_BASE)
      .replace(/[.-]+$/, '') || 'photo';
  return ext ? `${base}.${ext}` : base;
}

/** The stored file's name is a timestamp, an underscore and the (safe) original name. */
export const photoPath = (file: { name: string; type: string }, now: number = Date.now()) =>
  `${now}_${safeFileName(file.name, file.type)}`;
