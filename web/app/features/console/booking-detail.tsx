import '../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { Mail, Phone, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { controlClass, FormField } from '~/components/ui/form-field.tsx';
import { cn } from '~/lib/cn.ts';
import { BookingMarks, StatusBadge } from './badges.tsx';
import {
  bookingDietary,
  bookingHistory,
  getBooking,
  confirmOverCalendar,
  dayUnavailable,
  NEEDS_REASON,
  NEXT_STATUSES,
  updateBooking,
  type Booking,
  type BookingStatus,
  type DayUnavailable,
  type StatusChange,
} from './console-api.ts';
import { primarySmallButton, smallButton } from './data-table.tsx';
import { formatDate, formatDateTime, formatTime, statusLabel } from './format.ts';
import { DietaryNote } from './booking-money.tsx';
import { QuoteSection } from './quote/quote-section.tsx';
import { SpamRemoval } from './spam-removal.tsx';
import { useLoad } from './use-load.ts';
import { mailtoHref } from '~/lib/email-address.ts';

const StatusForm = z
  .object({
    status: z.string().min(1, 'Choose the new status.'),
    reason: z.string().trim().max(1000, 'At most 1000 characters.'),
  })
  .refine((v) => !(NEEDS_REASON.includes(v.status as BookingStatus) && v.reason === ''), {
    path: ['reason'],
    message: 'Please give a reason: it is kept with the booking.',
  });
type StatusValues = z.input<typeof StatusForm>;

const NoteForm = z.object({ note: z.string().max(5000, 'At most 5000 characters.') });
type NoteValues = z.input<typeof NoteForm>;

const UNAVAILABLE_TEXT: Record<Exclude<DayUnavailable, null>, string> = {
  blocked: 'This day is blocked in your calendar.',
  closed: 'This day is your closed weekday.',
  full: 'This day is already full.',
};

const textareaClass =
  'block w-full rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';

/** One booking request, whole: its fields, its status with the next steps, a private note, its history. */
export function BookingDetail({
  booking: initial,
  userId,
  onClose,
  onChanged,
}: {
  booking: Booking;
  userId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [booking, setBooking] = useState(initial);
  // Said inside the dialog (a modal hides the page's toasts from screen readers).
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const history = useLoad(() => bookingHistory(booking.id), `${booking.id}:${booking.status}`);
  // The allergies lead the booking: the first thing the chef reads (issue 37).
  const dietary = useLoad(() => bookingDietary(booking.id), `${booking.id}:${booking.status}:dietary`);
  // A request still waiting whose day has been taken since (blocked, closed, or full): said at once.
  const waiting = booking.status === 'new' || booking.status === 'contacted' || booking.status === 'quoted';
  const [dayCheck, setDayCheck] = useState(0);
  const day = useLoad<DayUnavailable>(
    () => (waiting ? dayUnavailable(booking.booking_date, booking.id) : Promise.resolve(null)),
    `${booking.id}:${booking.status}:${dayCheck}`,
  );
  const [overReason, setOverReason] = useState('');
  const [overProblem, setOverProblem] = useState<string | null>(null);
  const id = useId();
  const next = NEXT_STATUSES[booking.status];

  const statusForm = useForm<StatusValues>({
    resolver: zodResolver(StatusForm),
    defaultValues: { status: '', reason: '' },
  });
  // Followed with register's onChange, not watch/useWatch: those would add react-hook-form code
  // to the chunk the public forms share with the console.
  const [chosen, setChosen] = useState('');
  const noteForm = useForm<NoteValues>({
    resolver: zodResolver(NoteForm),
    defaultValues: { note: booking.owner_note ?? '' },
  });

  const saveStatus = statusForm.handleSubmit(async (v) => {
    try {
      const updated = await updateBooking(booking.id, {
        status: v.status as BookingStatus,
        ...(NEEDS_REASON.includes(v.status as BookingStatus) ? { status_reason: v.reason.trim() } : {}),
      });
      setBooking(updated);
      statusForm.reset({ status: '', reason: '' });
      setChosen('');
      setNotice({ text: `Marked ${statusLabel(updated.status).toLowerCase()}.`, error: false });
      onChanged();
    } catch (err) {
      setNotice({
        text: `The status was not changed: ${err instanceof Error ? err.message : String(err)}`,
        error: true,
      });
      setDayCheck((n) => n + 1);
    }
  });

  const confirmOver = async (e: React.FormEvent) => {
    e.preventDefault();
    if (overReason.trim() === '') return setOverProblem('Please say why: it is kept in the history.');
    setOverProblem(null);
    try {
      await confirmOverCalendar(booking.id, overReason.trim());
      setBooking({ ...booking, status: 'confirmed', status_reason: null });
      setOverReason('');
      setNotice({ text: 'Confirmed over the calendar.', error: false });
      onChanged();
    } catch (err) {
      setOverProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const saveNote = noteForm.handleSubmit(async (v) => {
    try {
      const updated = await updateBooking(booking.id, { owner_note: v.note.trim() === '' ? null : v.note });
      setBooking(updated);
      noteForm.reset({ note: updated.owner_note ?? '' });
      setNotice({ text: 'Note saved.', error: false });
      onChanged();
    } catch (err) {
      setNotice({ text: `The note was not saved: ${err instanceof Error ? err.message : String(err)}`, error: true });
    }
  });

  /**
   * Who made a history entry: the confirm link in the chef's e-mail (marked `via`); otherwise no user
   * on the visitor's request, and no user later is the service role.
   */
  const who = (h: Pick<StatusChange, 'changed_by' | 'from_status' | 'via'>) =>
    h.via === 'email_link'
      ? 'the confirm link in your e-mail'
      : h.via === 'quote'
        ? 'the client accepting the quote'
        : h.changed_by === null
          ? h.from_status === null
            ? 'the visitor'
            : 'the server (service role)'
          : h.changed_by === userId
            ? 'you'
            : 'another owner account';

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/80" />
        <Dialog.Content
          aria-describedby={`${id}-summary`}
          className="fixed inset-0 z-[61] overflow-y-auto bg-charcoal p-5 sm:inset-y-4 sm:right-4 sm:left-auto sm:w-[40rem] sm:rounded-2xl sm:border sm:border-gold/25 sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-semibold text-cream">{booking.name}</Dialog.Title>
              <p id={`${id}-summary`} className="mt-1 flex flex-wrap items-center gap-2 text-sm text-sand">
                <StatusBadge status={booking.status} /> {booking.service_type}, {booking.guests} guests
              </p>
              <DietaryNote dietary={dietary.data ?? null} large />
              <BookingMarks booking={booking} />
              {waiting && day.data && (
                <p className="mt-2 rounded-lg bg-tomato/20 px-3 py-2 text-sm font-semibold text-red-100">
                  {UNAVAILABLE_TEXT[day.data]} Offer another day, or confirm over the calendar below.
                </p>
              )}
            </div>
            <Dialog.Close aria-label="Close" className="rounded-full p-2 text-muted hover:text-cream">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>

          <div className="mt-4 flex flex-wrap gap-2">
            <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`} className={smallButton}>
              <Phone aria-hidden className="size-4" /> Call {booking.phone}
            </a>
            <a
              href={mailtoHref(booking.email, `Your booking request: ${booking.service_type}`)}
              className={smallButton}
            >
              <Mail aria-hidden className="size-4" /> E-mail
            </a>
          </div>

          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Event</dt>
            <dd>
              {formatDate(booking.booking_date)}, {formatTime(booking.booking_time)}
            </dd>
            <dt className="text-muted">Guests</dt>
            <dd>{booking.guests}</dd>
            <dt className="text-muted">Service</dt>
            <dd>{booking.service_type}</dd>
            <dt className="text-muted">Location</dt>
            <dd className="break-words">{booking.location}</dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{booking.email}</dd>
            <dt className="text-muted">Phone</dt>
            <dd>{booking.phone}</dd>
            <dt className="text-muted">Received</dt>
            <dd>{formatDateTime(booking.created_at)}</dd>
            <dt className="text-muted">Message</dt>
            <dd className="break-words whitespace-pre-wrap">{booking.message || '—'}</dd>
            {booking.status_reason && (
              <>
                <dt className="text-muted">Reason</dt>
                <dd className="break-words">{booking.status_reason}</dd>
              </>
            )}
          </dl>

          <p
            role="status"
            className={cn('mt-6 min-h-6 text-sm font-semibold', notice?.error ? 'text-red-300' : 'text-green-200')}
          >
            {notice?.text}
          </p>

          <form onSubmit={saveStatus} className="mt-2 rounded-xl border border-cream/10 p-4" noValidate>
            <fieldset>
              <legend className="text-base font-semibold text-cream">Change status</legend>
              {next.length === 0 ? (
                <p className="mt-2 text-sm text-muted">A completed booking is final.</p>
              ) : (
                <div className="mt-3 flex flex-wrap gap-2">
                  {next.map((s) => (
                    <label
                      key={s}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-cream/25 px-4 text-sm has-[:checked]:border-gold has-[:checked]:text-gold"
                    >
                      <input
                        type="radio"
                        value={s}
                        {...statusForm.register('status', {
                          onChange: (e: React.ChangeEvent<HTMLInputElement>) => setChosen(e.target.value),
                        })}
                        className="accent-gold"
                      />
                      {statusLabel(s)}
                    </label>
                  ))}
                </div>
              )}
              {statusForm.formState.errors.status && (
                <p className="mt-2 text-sm text-red-300">{statusForm.formState.errors.status.message}</p>
              )}
            </fieldset>
            {NEEDS_REASON.includes(chosen as BookingStatus) && (
              <FormField
                id={`${id}-reason`}
                label="Reason (kept with the booking)"
                error={statusForm.formState.errors.reason?.message}
                className="mt-4"
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={2}
                    className={controlClass(Boolean(statusForm.formState.errors.reason))}
                    {...statusForm.register('reason')}
                  />
                )}
              </FormField>
            )}
            {next.length > 0 && (
              <button
                type="submit"
                className={`${primarySmallButton} mt-4`}
                disabled={statusForm.formState.isSubmitting}
              >
                Save status
              </button>
            )}
          </form>

          {waiting && day.data && (
            <form onSubmit={confirmOver} className="mt-4 rounded-xl border border-gold/30 p-4" noValidate>
              <FormField
                id={`${id}-over`}
                label="Confirm over the calendar"
                hint="The day stays taken for visitors either way. Your reason is kept in the history."
                error={overProblem ?? undefined}
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={2}
                    maxLength={1000}
                    value={overReason}
                    onChange={(e) => setOverReason(e.target.value)}
                    placeholder="Why this booking may take the day"
                    className={controlClass(Boolean(overProblem))}
                  />
                )}
              </FormField>
              <button type="submit" className={`${smallButton} mt-3`}>
                Confirm anyway
              </button>
            </form>
          )}

          {booking.status !== 'confirmed' && booking.status !== 'completed' && (
            <SpamRemoval
              bookingId={booking.id}
              onRemoved={() => {
                onChanged();
                onClose();
              }}
            />
          )}

          <form onSubmit={saveNote} className="mt-4 rounded-xl border border-cream/10 p-4" noValidate>
            <label htmlFor={`${id}-note`} className="text-base font-semibold text-cream">
              Private note
            </label>
            <p className="text-xs text-muted">Only you see it.</p>
            <textarea
              id={`${id}-note`}
              rows={3}
              className={`${textareaClass} mt-2`}
              aria-invalid={Boolean(noteForm.formState.errors.note)}
              {...noteForm.register('note')}
            />
            {noteForm.formState.errors.note && (
              <p className="mt-1 text-sm text-red-300">{noteForm.formState.errors.note.message}</p>
            )}
            <button
              type="submit"
              className={`${smallButton} mt-3`}
              disabled={noteForm.formState.isSubmitting || !noteForm.formState.isDirty}
            >
              Save note
            </button>
          </form>

          <QuoteSection
            booking={booking}
            onBookingChanged={() => {
              // Sending a quote moves the booking to quoted (the database does it): show the new status.
              void getBooking(booking.id).then(
                (b) => b && setBooking(b),
                () => {},
              );
              onChanged();
            }}
          />

          <section aria-labelledby={`${id}-history`} className="mt-6">
            <h3 id={`${id}-history`} className="text-base font-semibold text-cream">
              History
            </h3>
            {history.error && <p className="mt-2 text-sm text-red-300">Could not load the history: {history.error}</p>}
            <ol className="mt-2 grid gap-2 text-sm">
              {(history.data ?? []).map((h) => (
                <li key={h.id} className="rounded-lg bg-ink/50 px-3 py-2">
                  <span className="font-semibold">
                    {h.from_status
                      ? `${statusLabel(h.from_status)} → ${statusLabel(h.to_status)}`
                      : `Received as ${statusLabel(h.to_status).toLowerCase()}`}
                  </span>{' '}
                  <span className="text-muted">
                    by {who(h)}, {formatDateTime(h.changed_at)}
                  </span>
                  {h.reason && <span className="block text-sand">Reason: {h.reason}</span>}
                  {h.calendar_override && (
                    <span className="block text-gold">Confirmed over the calendar ({h.calendar_override})</span>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
