import '../../lib/zod-jitless.ts';
import { z } from 'zod';
import { contactText } from '@content/contact.ts';

/** What a visitor types into the contact form (all four required, e-mail checked). */
export const ContactFormSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  subject: z.string().trim().min(1, 'Please enter a subject.'),
  message: z.string().trim().min(1, 'Please enter a message.'),
});
export type ContactFormValues = z.infer<typeof ContactFormSchema>;

/** Contact message, stored only in the browser. */
export interface ContactMessage extends ContactFormValues {
  /** Timestamp number. */
  id: number;
  /** ISO timestamp. */
  createdAt: string;
}

const storageKey = contactText.form.storageKey;

/** The messages stored so far (an unreadable or foreign value counts as none). */
export function readContactMessages(storage: Storage = window.localStorage): ContactMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ContactMessage[]) : [];
  } catch {
    return [];
  }
}

/**
 * Appends a message to the list in local storage under `cookingMessages` and returns it.
 * Throws when the browser refuses to store it (storage disabled or full), so nothing is lost silently.
 */
export function saveContactMessage(
  values: ContactFormValues,
  storage: Storage = window.localStorage,
  now = new Date(),
): ContactMessage {
  const message: ContactMessage = {
    id: now.getTime(),
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    createdAt: now.toISOString(),
  };
  storage.setItem(storageKey, JSON.stringify([...readContactMessages(storage), message]));
  return message;
}
