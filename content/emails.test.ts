import { describe, expect, it } from 'vitest';
import { emails, EmailsSchema } from './emails.ts';

describe('content/emails.ts', () => {
  it('parses, and the visitor is told the request is not confirmed and when the chef answers', () => {
    expect(emails.bookingAcknowledged.paragraphs.join(' ')).toMatch(/not confirmed yet/);
    expect(emails.bookingAcknowledged.paragraphs.join(' ')).toMatch(/within 24 hours/);
  });

  it('refuses a placeholder the message cannot fill', () => {
    const broken = { ...emails, recipeApproved: { ...emails.recipeApproved, subject: 'Your {dish} is live' } };
    const result = EmailsSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['recipeApproved', 'subject']);
  });
});
