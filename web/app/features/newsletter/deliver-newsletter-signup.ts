import { getSupabase } from '~/lib/supabase.ts';

/**
 * Adds an address to the chef's subscriber list (table newsletter_subscribers), when content/site.ts
 * turns delivery on. An address already on the list (409, whatever its case) is a success. Answers
 * the reason it failed, or null.
 */
export async function deliverNewsletterSignup(email: string): Promise<string | null> {
  try {
    const supabase = await getSupabase();
    const { error, status } = await supabase.from('newsletter_subscribers').insert({ email });
    if (!error || status === 409) return null;
    return error.message || 'The server did not accept it. Please try again.';
  } catch {
    return 'The server could not be reached. Please try again.';
  }
}
