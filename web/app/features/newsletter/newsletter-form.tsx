// chunk: shell
import { shellCopy } from '@content/shell.ts';
import { deliverFormsToChef } from '@content/site.ts';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { addNewsletterSignup } from './newsletter-signups.ts';

const copy = shellCopy.newsletter;

/**
 * The mailing-list form: an empty address gets a destructive toast; any
 * other passes the browser's e-mail check and is kept in local storage only (no server call).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const id = useId();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      toast({ ...copy.missing, variant: 'destructive' });
      return;
    }
    addNewsletterSignup(value);
    if (deliverFormsToChef) {
      const { deliverNewsletterSignup } = await import('./deliver-newsletter-signup.ts');
      const error = await deliverNewsletterSignup(value);
      if (error) {
        toast({ title: 'You were not signed up', description: error, variant: 'destructive' });
        return;
      }
    }
    toast(copy.success);
    setEmail('');
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-cream">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm text-muted">{copy.lead}</p>
      <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-medium text-sand">
        {copy.label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={copy.placeholder}
          className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-cream/20 bg-ink/60 px-4 py-2.5 text-base text-cream placeholder:text-muted/70 focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold"
        />
        <Button type="submit" className="shrink-0">
          {copy.submit}
        </Button>
      </div>
    </form>
  );
}
