import { getSupabase } from '~/lib/supabase.ts';
import type { ContactFormValues } from './contact-message.ts';

/**
 * Sends a contact message to the chef's inbox (table contact_messages), when content/site.ts turns
 * delivery on. Answers the reason it failed, or null.
 */
export async function deliverContactMessage(values: ContactFormValues): Promise<string | null> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('contact_messages').insert({
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    });
    return error ? error.message || 'The server did not accept it. Please try again.' : null;
  } catch {
    return 'The server could not be reached. Please try again.';
  }
}
