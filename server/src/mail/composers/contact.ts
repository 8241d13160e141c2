import { replyToVisitor } from './address.ts';
import { consoleLink, link } from './text.ts';
import type { Composer } from './types.ts';

/** To the chef: a message from the contact form, answered by replying. */
export const contactReceived: Composer<'contact_received'> = (m, { settings, texts, subjectId }) => {
  const p = m.payload;
  return {
    copy: texts.contactReceived,
    values: { name: p.name, subject: p.subject },
    details: [
      { label: texts.labels.name, value: p.name },
      { label: texts.labels.email, value: p.email },
      { label: texts.labels.subject, value: p.subject },
      { label: texts.labels.message, value: p.message },
    ],
    buttons: [{ label: texts.buttons.openInConsole, href: consoleLink(settings, 'messages', subjectId) }],
    replyTo: replyToVisitor(p.email, p.name, 'The visitor address'),
  };
};

/** To the new address of an account: the link that confirms it. */
export const emailChange: Composer<'email_change'> = (m, { settings, texts, to }) => ({
  copy: texts.emailChange,
  values: { email: to.address },
  buttons: [
    {
      label: texts.buttons.confirmEmail,
      href: `${link(settings.siteUrl, 'auth/v1/verify')}?type=email_change&token=${encodeURIComponent(m.payload.token)}`,
    },
  ],
});
