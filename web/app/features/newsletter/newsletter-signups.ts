// chunk: shell
import { shellCopy } from '@content/shell.ts';

const KEY = shellCopy.newsletter.storageKey;

/** The e-mails kept under `newsletterSignups`: a JSON array of strings. */
export function readNewsletterSignups(storage: Storage = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Appends an address to the list (once: signing up twice keeps one entry). */
export function addNewsletterSignup(email: string, storage: Storage = window.localStorage) {
  const list = readNewsletterSignups(storage);
  if (list.some((e) => e.toLowerCase() === email.toLowerCase())) return list;
  const next = [...list, email];
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the visitor still sees the thank-you; nothing else to do.
  }
  return next;
}
