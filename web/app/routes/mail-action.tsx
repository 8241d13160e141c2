import { MailActionPage } from '~/features/mail-actions/mail-action-page.tsx';

/** Where a state-changing link of the chef's e-mail leads: built in the browser only, never indexed. */
export const meta = () => [
  { title: 'Confirm a booking' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function MailAction() {
  return <MailActionPage />;
}
