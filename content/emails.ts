import { z } from 'zod';

/**
 * The e-mails the site sends (server/src/mail/, and the Edge Function on hosted Supabase): subjects,
 * greetings, paragraphs and button labels. `{name}`-style placeholders are filled from the booking,
 * recipe or message; anything else in braces is an error when the site is built. Relative imports
 * only (Deno loads this file too).
 */
const Text = z.string().min(1).max(2000);
const Placeholder = /\{([a-zA-Z]+)\}/g;

/** A text whose placeholders must all be among `allowed`. */
const textWith = (...allowed: string[]) =>
  Text.refine((value) => [...value.matchAll(Placeholder)].every((m) => allowed.includes(m[1]!)), {
    message: `only these placeholders may be used: ${allowed.map((a) => `{${a}}`).join(', ')}`,
  });

const booking = ['name', 'date', 'time', 'guests', 'service', 'location'];
/** A quote's amounts and dates, beside the booking's facts (docs/decisions/0022-quotes-and-payments.md). */
const quote = [...booking, 'total', 'deposit', 'depositDue', 'balance', 'balanceDue', 'expires', 'version'];
const payment = [...booking, 'amount', 'received', 'method', 'kind', 'paid', 'outstanding', 'balanceDue'];

const MessageSchema = (...allowed: string[]) =>
  z.object({
    subject: textWith(...allowed),
    heading: textWith(...allowed),
    paragraphs: z.array(textWith(...allowed, 'reason')).min(1),
  });

export const EmailsSchema = z.object({
  /** Under every message. */
  footer: Text,
  /** Above the details table. */
  detailsHeading: Text,
  labels: z.object({
    name: Text,
    email: Text,
    phone: Text,
    date: Text,
    time: Text,
    guests: Text,
    service: Text,
    location: Text,
    message: Text,
    reason: Text,
    title: Text,
    description: Text,
    ingredients: Text,
    instructions: Text,
    submittedBy: Text,
    subject: Text,
    received: Text,
    authorWantsReply: Text,
    total: Text,
    deposit: Text,
    balance: Text,
    validUntil: Text,
    acceptedBy: Text,
    dietary: Text,
    amount: Text,
    method: Text,
    paid: Text,
    outstanding: Text,
    /** The receipt's two dates: when the money came, and the event it is for. */
    paymentDate: Text,
    eventDate: Text,
  }),
  buttons: z.object({
    openInConsole: Text,
    confirmBooking: Text,
    confirmEmail: Text,
    viewRecipe: Text,
    reply: Text,
    viewQuote: Text,
    payNow: Text,
  }),
  /** The confirm link's page asks before it acts; how long the link works. */
  confirmLinkNote: Text,
  /**
   * Opens the chef's new-request and reminder e-mails when the requested day is already unavailable
   * in the calendar (blocked, the closed weekday, or full), so the chef can answer at once.
   */
  dayUnavailable: z.object({ blocked: textWith('date'), closed: textWith('date'), full: textWith('date') }),
  calendar: z.object({
    /** The event's title in the visitor's calendar. */
    title: textWith(...booking),
    description: textWith(...booking),
    durationHours: z.number().positive().max(24),
  }),
  bookingReceived: MessageSchema(...booking),
  bookingAcknowledged: MessageSchema(...booking),
  bookingConfirmed: MessageSchema(...booking),
  /**
   * Under the confirmation of a booking with an accepted quote: what is due next, when, one button that
   * pays it (server/src/mail/composers/bookings.ts), and when the balance falls due with its reminder.
   */
  confirmationPayment: z.object({
    next: textWith('what', 'amount', 'dueOn'),
    payButton: textWith('amount'),
    reference: textWith('reference'),
    balance: textWith('balance', 'balanceDue', 'reminderDays'),
    allPaid: Text,
  }),
  bookingDeclined: MessageSchema(...booking),
  bookingCancelled: MessageSchema(...booking),
  bookingCancelledCalendarNote: Text,
  bookingReminder: MessageSchema(...booking, 'waiting'),
  recipeReceived: MessageSchema('title', 'author'),
  recipeApproved: MessageSchema('title', 'author'),
  recipeReminder: MessageSchema('title', 'author', 'waiting'),
  contactReceived: MessageSchema('name', 'subject'),
  /** To a member's new address when mail is configured: the change waits for this link. */
  emailChange: MessageSchema('email'),
  /** The page the link opens (server/src/auth/email-change.ts): it asks, then acts on a press. */
  emailChangePage: z.object({ title: Text, question: Text, confirm: Text, done: Text, invalid: Text }),
  quoteSent: MessageSchema(...quote),
  /** Under the quote's button: the link asks before anything changes. */
  quoteLinkNote: Text,
  quoteAccepted: MessageSchema(...quote),
  quoteChangesRequested: MessageSchema(...quote),
  quoteAcceptanceRefused: MessageSchema(...quote),
  paymentReceipt: MessageSchema(...payment),
  /** To the chef: a payment made by card (recorded by Stripe's webhook, not by the chef). */
  paymentReceived: MessageSchema(...payment),
  balanceReminder: MessageSchema(...quote, 'paid', 'outstanding'),
  depositLate: MessageSchema(...quote, 'paid', 'outstanding'),
  /** To the chef the day before a confirmed event, the allergies first. */
  eventTomorrow: MessageSchema(...booking, 'outstanding'),
  /** Under it when nobody stated allergies (no accepted quote, or "none"). */
  eventTomorrowNoDietary: Text,
  /** The page a confirm link opens (/mail-action): it asks, then acts on the chef's press. */
  actionPage: z.object({
    title: Text,
    loading: Text,
    question: Text,
    confirm: Text,
    confirming: Text,
    done: Text,
    doneText: Text,
    states: z.object({ missing: Text, unknown: Text, used: Text, expired: Text }),
    openConsole: Text,
  }),
});
export type EmailTexts = z.infer<typeof EmailsSchema>;

export const emails: EmailTexts = EmailsSchema.parse({
  footer: 'Chef Feva · Private chef & catering · You receive this e-mail because of a request made on our website.',
  detailsHeading: 'The details',
  labels: {
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    date: 'Date',
    time: 'Time',
    guests: 'Guests',
    service: 'Service',
    location: 'Location',
    message: 'Special requests',
    reason: 'Reason',
    title: 'Title',
    description: 'Description',
    ingredients: 'Ingredients',
    instructions: 'Instructions',
    submittedBy: 'Submitted by',
    subject: 'Subject',
    received: 'Received',
    authorWantsReply: 'The author asked to hear back when it is approved.',
    total: 'Total',
    deposit: 'Deposit',
    balance: 'Balance',
    validUntil: 'Valid until',
    acceptedBy: 'Accepted by',
    dietary: 'Dietary needs and allergies',
    amount: 'Amount',
    method: 'Method',
    paid: 'Paid so far',
    outstanding: 'Still to pay',
    paymentDate: 'Payment date',
    eventDate: 'Event date',
  },
  buttons: {
    openInConsole: 'Open in the console',
    confirmBooking: 'Confirm this booking',
    confirmEmail: 'Confirm this address',
    viewRecipe: 'See it on the site',
    reply: 'Reply',
    viewQuote: 'View and accept your quote',
    payNow: 'Pay now',
  },
  confirmLinkNote: 'The confirm button opens a page that asks before anything changes. It works once, for 7 days.',
  dayUnavailable: {
    blocked:
      'Heads up: {date} is blocked in your calendar. Offer another day, or confirm over the calendar in the console.',
    closed:
      'Heads up: {date} falls on your closed weekday. Offer another day, or confirm over the calendar in the console.',
    full: 'Heads up: {date} is already full. Offer another day, or confirm over the calendar in the console.',
  },
  calendar: {
    title: '{service} with Chef Feva',
    description: '{service} for {guests} guests at {location}. Questions? Reply to the confirmation e-mail.',
    durationHours: 3,
  },
  bookingReceived: {
    subject: 'New booking request: {name}, {date} ({guests} guests)',
    heading: 'New booking request',
    paragraphs: [
      '{name} asks for {service} on {date} at {time} for {guests} guests.',
      'They were told you answer within 24 hours.',
    ],
  },
  bookingAcknowledged: {
    subject: 'We received your booking request for {date}',
    heading: 'Thank you, {name}',
    paragraphs: [
      'Your request for {service} on {date} at {time} has been received. It is not confirmed yet.',
      'Chef Feva answers within 24 hours. You will get another e-mail when your booking is confirmed.',
    ],
  },
  bookingConfirmed: {
    subject: 'Your booking on {date} is confirmed',
    heading: 'See you on {date}, {name}',
    paragraphs: [
      'Chef Feva has confirmed your {service} on {date} at {time} for {guests} guests.',
      'The calendar invitation attached adds it to your calendar.',
    ],
  },
  confirmationPayment: {
    next: 'To secure your date, the {what} of {amount} is due {dueOn}.',
    payButton: 'Pay {amount}',
    reference: 'If the payment page asks for a note, write: {reference}',
    balance: 'The balance of {balance} is due {balanceDue}. We will e-mail you a reminder {reminderDays} days before.',
    allPaid: 'Everything is paid. Thank you!',
  },
  bookingDeclined: {
    subject: 'About your booking request for {date}',
    heading: 'Sorry, {name}',
    paragraphs: [
      'Chef Feva cannot take your request for {service} on {date}.',
      'Reason: {reason}',
      'You are welcome to ask for another date.',
    ],
  },
  bookingCancelled: {
    subject: 'Your booking on {date} is cancelled',
    heading: 'Your booking is cancelled',
    paragraphs: ['Your {service} on {date} at {time} has been cancelled.', 'Reason: {reason}'],
  },
  bookingCancelledCalendarNote: 'The attached calendar update removes the event from your calendar.',
  bookingReminder: {
    subject: 'Waiting for an answer: {name}, {date}',
    heading: 'A booking request is still waiting',
    paragraphs: ['{name} asked for {service} on {date} {waiting} ago and has not heard back yet.'],
  },
  recipeReceived: {
    subject: 'New community recipe to review: {title}',
    heading: 'A recipe is waiting for review',
    paragraphs: ['{author} sent "{title}". It appears on the site once you approve it.'],
  },
  recipeApproved: {
    subject: 'Your recipe "{title}" is on the site',
    heading: 'Thank you, {author}',
    paragraphs: ['Chef Feva approved your recipe "{title}". It is now on the community recipes page.'],
  },
  recipeReminder: {
    subject: 'Still waiting for review: {title}',
    heading: 'A recipe is still waiting',
    paragraphs: ['"{title}" by {author} has been waiting for review for {waiting}.'],
  },
  contactReceived: {
    subject: 'New message from {name}: {subject}',
    heading: 'New message',
    paragraphs: ['{name} wrote through the contact form. Reply to this e-mail to answer them.'],
  },
  emailChange: {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm your new e-mail address',
    paragraphs: [
      'Someone asked to use {email} for their account on the site. The address changes only when you confirm it with the button below, within 24 hours.',
      'If it was not you, ignore this e-mail: nothing changes.',
    ],
  },
  emailChangePage: {
    title: 'Confirm your new e-mail address',
    question: 'Use this address for your account from now on?',
    confirm: 'Confirm',
    done: 'Your account now uses this address. You can close this page and sign in with it.',
    invalid:
      'This link is not valid any more: it was used, it expired, or the address was taken meanwhile. Ask for the change again.',
  },
  quoteSent: {
    subject: 'Your quote from Chef Feva for {date}',
    heading: 'Your quote, {name}',
    paragraphs: [
      'Thank you for your request for {service} on {date} for {guests} guests. Your quote comes to {total}.',
      'A deposit of {deposit} (due {depositDue}) holds your date; the balance of {balance} is due {balanceDue}.',
      'Open the quote to see the menu and the terms, then accept it or ask for changes. It is valid until {expires}.',
    ],
  },
  quoteLinkNote: 'The button opens your quote; nothing is accepted until you press Accept on that page.',
  quoteAccepted: {
    subject: 'Quote accepted: {name}, {date} ({total})',
    heading: '{name} accepted the quote',
    paragraphs: [
      '{name} accepted version {version} of the quote for {service} on {date}: {total}. The booking is confirmed.',
      'The deposit of {deposit} is due {depositDue}. Check the dietary needs and allergies below before planning the menu.',
    ],
  },
  quoteChangesRequested: {
    subject: 'Changes asked for: {name}, {date}',
    heading: '{name} asks for changes',
    paragraphs: [
      '{name} read version {version} of the quote for {date} and asks for changes. The quote stays open until you send a new version or withdraw it.',
    ],
  },
  quoteAcceptanceRefused: {
    subject: 'Could not confirm: {name}, {date}',
    heading: 'An acceptance could not confirm the booking',
    paragraphs: [
      '{name} tried to accept the quote for {date}, but the booking could not be confirmed. Nothing was accepted.',
      'Reason: {reason}',
      'The client was told that you will contact them.',
    ],
  },
  paymentReceived: {
    subject: 'Card payment: {amount} from {name} for {date}',
    heading: '{amount} paid by card',
    paragraphs: [
      '{name} paid {amount} ({kind}, {method}) on {received} for the {service} on {date}. It is recorded on the booking; {outstanding} is still to pay.',
    ],
  },
  paymentReceipt: {
    subject: 'Receipt: {amount} received for {date}',
    heading: 'Thank you, {name}',
    paragraphs: ['We received {amount} ({kind}, {method}) on {received} for your {service} on {date}.'],
  },
  balanceReminder: {
    subject: 'Your balance of {outstanding} is due {balanceDue}',
    heading: 'A friendly reminder, {name}',
    paragraphs: [
      'The balance for your {service} on {date} is due {balanceDue}: {outstanding} still to pay.',
      'Pay with the cash app on our payment page, with your name and event date in the note.',
    ],
  },
  eventTomorrow: {
    subject: 'Tomorrow: {service} for {name} at {time} ({guests} guests)',
    heading: 'Tomorrow at {time}: {name}',
    paragraphs: [
      '{service} for {guests} guests on {date} at {time}, at {location}. The allergies and dietary needs are first below.',
    ],
  },
  eventTomorrowNoDietary:
    'No allergies or dietary needs were stated with an accepted quote: ask the client before you shop.',
  depositLate: {
    subject: 'Deposit late: {name}, {date}',
    heading: 'A deposit is late',
    paragraphs: [
      'The deposit of {deposit} for {name}’s {service} on {date} was due {depositDue}; {paid} has been recorded so far.',
    ],
  },
  actionPage: {
    title: 'Confirm a booking',
    loading: 'Checking the link…',
    question: 'Confirm this booking request? The visitor receives the confirmation with a calendar invitation at once.',
    confirm: 'Confirm booking',
    confirming: 'Confirming…',
    done: 'Booking confirmed',
    doneText: 'The confirmation and its calendar invitation are on their way to the visitor.',
    states: {
      missing: 'This link is incomplete. Open the booking from the console instead.',
      unknown: 'This link is not valid. Open the booking from the console instead.',
      used: 'This link was already used. The booking’s status is shown in the console.',
      expired: 'This link has expired. Open the booking from the console instead.',
    },
    openConsole: 'Open the console',
  },
});
