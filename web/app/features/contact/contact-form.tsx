import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { contactText } from '@content/contact.ts';
import { Button } from '~/components/ui/button.tsx';
import { FormField, controlClass } from '~/components/ui/form-field.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { deliverFormsToChef } from '@content/site.ts';
import { lazyResolver } from '~/lib/lazy-resolver.ts';
import type { ContactFormValues } from './contact-message.ts';

const copy = contactText.form;
const empty: ContactFormValues = { name: '', email: '', subject: '', message: '' };
// zod and the schema load after the form's first tap or focus, or on its first check, not with the
// page (decisions 0024 and 0031).
const resolver = lazyResolver<ContactFormValues, unknown, ContactFormValues>(
  async () => {
    const [{ zodResolver }, { ContactFormSchema }] = await Promise.all([
      import('@hookform/resolvers/zod'),
      import('./contact-message.ts'),
    ]);
    return zodResolver(ContactFormSchema);
  },
  {
    onSubmitBlocked: () =>
      toast({
        title: 'Your message was not sent',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      }),
  },
);

/**
 * The contact form: four required fields with the browser's own checks, the
 * message appended to local storage, the fields cleared and the success toast shown.
 */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver, defaultValues: empty });

  const onSubmit = async (values: ContactFormValues) => {
    try {
      // Already loaded by the check that led here.
      const { saveContactMessage } = await import('./contact-message.ts');
      saveContactMessage(values);
    } catch {
      toast({ ...copy.failure, variant: 'destructive' });
      return;
    }
    if (deliverFormsToChef) {
      const { deliverContactMessage } = await import('./deliver-contact-message.ts');
      const error = await deliverContactMessage(values);
      if (error) {
        // Kept in this browser, not received by the chef: the fields stay filled to send again.
        toast({ title: 'Your message was not sent', description: error, variant: 'destructive' });
        return;
      }
    }
    reset(empty);
    toast(copy.success);
  };

  const { fields } = copy;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onPointerDown={resolver.preload}
      onFocus={resolver.preload}
      className="grid gap-5"
      aria-label={copy.title}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={fields.name.label} error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              {...register('name')}
              type="text"
              required
              autoComplete="name"
              placeholder={fields.name.placeholder}
              className={controlClass(Boolean(errors.name))}
            />
          )}
        </FormField>
        <FormField id="contact-email" label={fields.email.label} error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              type="email"
              required
              autoComplete="email"
              placeholder={fields.email.placeholder}
              className={controlClass(Boolean(errors.email))}
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label={fields.subject.label} error={errors.subject?.message}>
        {(control) => (
          <input
            {...control}
            {...register('subject')}
            type="text"
            required
            placeholder={fields.subject.placeholder}
            className={controlClass(Boolean(errors.subject))}
          />
        )}
      </FormField>
      <FormField id="contact-message" label={fields.message.label} error={errors.message?.message}>
        {(control) => (
          <textarea
            {...control}
            {...register('message')}
            rows={6}
            required
            placeholder={fields.message.placeholder}
            className={controlClass(Boolean(errors.message), 'resize-y')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        <Send aria-hidden="true" className="size-4" />
        {copy.submit}
      </Button>
    </form>
  );
}
