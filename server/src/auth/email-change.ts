import { emails } from '../../../content/emails.ts';

/**
 * The page a new address's confirmation link opens (GET /auth/v1/verify?type=email_change&token=…).
 * Opening it changes nothing (a mail scanner that follows links must not confirm anything): its
 * button POSTs the token back, and only that changes the address. Plain HTML, no script.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function emailChangePage(
  view: { kind: 'ask'; token: string } | { kind: 'done'; email: string } | { kind: 'invalid' },
): string {
  const copy = emails.emailChangePage;
  const body =
    view.kind === 'ask'
      ? `<p>${escape(copy.question)}</p>
<form method="post" action="/auth/v1/verify">
<input type="hidden" name="type" value="email_change">
<input type="hidden" name="token" value="${escape(view.token)}">
<button type="submit">${escape(copy.confirm)}</button>
</form>`
      : view.kind === 'done'
        ? `<p><strong>${escape(view.email)}</strong></p><p>${escape(copy.done)}</p>`
        : `<p>${escape(copy.invalid)}</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(copy.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escape(copy.title)}</h1>
${body}
</body>
</html>
`;
}
