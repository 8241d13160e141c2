import type { Received, TestSmtp } from '../../server/test/support/smtp.ts';
import { ignoreFaviconErrors, type PageProbe } from './browser.ts';
import { siteFixture, type SiteFixture } from './fixture.ts';

/** Where the chef's own messages go in the mail end-to-end tests (OWNER_EMAIL). */
export const OWNER_EMAIL = 'chef@cheffeva.test';

export interface MailSiteFixture {
  e2e: SiteFixture;
  /** The SMTP server the site sends to (inside a test or hook). */
  readonly smtp: TestSmtp;
  /** A new page (375 px unless told), favicon errors ignored, 15 s timeouts. */
  open(): Promise<PageProbe>;
  /** The one message `filter` picks once it arrived (fails if it arrives twice or not within 20 s). */
  arrives(filter: (r: Received) => boolean): Promise<Received>;
}

/**
 * The built site on the real server, sending its outbox to a real SMTP server started with it for this file
 * (e2e/mail.test.ts, e2e/quotes.test.ts). Call at a test file's top level.
 */
export function mailSiteFixture(): MailSiteFixture {
  const e2e = siteFixture({
    smtp: true,
    env: { OWNER_EMAIL, MAIL_FROM: 'Chef Feva <bookings@cheffeva.test>', MAIL_POLL_SECONDS: '0.2' },
  });
  const smtpOf = () => {
    const smtp = e2e.site.smtp;
    if (!smtp) throw new Error('the SMTP server is not running: use it inside a test or hook');
    return smtp;
  };

  return {
    e2e,
    get smtp() {
      return smtpOf();
    },
    async open() {
      const probe = await e2e.open();
      ignoreFaviconErrors(probe);
      probe.page.setDefaultTimeout(15_000);
      return probe;
    },
    async arrives(filter) {
      for (let i = 0; i < 200; i++) {
        const found = smtpOf().received.filter(filter);
        if (found.length > 1) throw new Error('a message arrived twice');
        if (found.length === 1) return found[0]!;
        await new Promise((r) => setTimeout(r, 100));
      }
      const { data } = await e2e.site.admin.from('outbox').select('event, recipient, status, attempts, last_error');
      throw new Error(`the message did not arrive: ${JSON.stringify(data)} ${smtpOf().received.length} received`);
    },
  };
}
