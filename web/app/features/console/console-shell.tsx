import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LogoutButton } from '~/features/auth/index.ts';
import { cn } from '~/lib/cn.ts';
import { preloadSection, SECTIONS, sectionCode, sectionOf, type SectionId } from './sections.ts';

// Each section's code is its own chunk (./sections.ts), loaded when the section opens or its link is reached.
const OverviewPanel = lazy(() => sectionCode.overview().then((m) => ({ default: m.OverviewPanel })));
const BookingsPanel = lazy(() => sectionCode.bookings().then((m) => ({ default: m.BookingsPanel })));
const CalendarPanel = lazy(() => sectionCode.calendar().then((m) => ({ default: m.CalendarPanel })));
const ModerationPanel = lazy(() => sectionCode.moderation().then((m) => ({ default: m.ModerationPanel })));
const MessagesPanel = lazy(() => sectionCode.messages().then((m) => ({ default: m.MessagesPanel })));
const SubscribersPanel = lazy(() => sectionCode.subscribers().then((m) => ({ default: m.SubscribersPanel })));
const OutboxView = lazy(() => sectionCode.outbox().then((m) => ({ default: m.OutboxView })));
const SitePanel = lazy(() => sectionCode.site().then((m) => ({ default: m.SitePanel })));

/** The owner's console: a header, the sections as links (?section=…), the chosen section. */
export function ConsoleShell({ email, userId }: { email: string; userId: string }) {
  // useLocation and useNavigate, not useSearchParams: the public pages use them already, so the
  // console adds nothing to React Router's code in the shared chunk.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const section = sectionOf(location.search);
  // The item a link names (the owner's e-mails link to ?section=bookings&booking=<id>, see
  // server/src/mail/composers/text.ts): its section opens it; closing it leaves the section's plain address.
  const linked = (key: 'booking' | 'recipe' | 'message') => params.get(key) || null;
  const leaveLinked = () => void navigate(`${location.pathname}?section=${section}`, { replace: true });
  const go = (id: SectionId) =>
    void navigate(id === 'overview' ? location.pathname : `${location.pathname}?section=${id}`);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded focus:bg-gold focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <header className="border-b border-cream/10 bg-charcoal">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-display text-xl font-semibold text-gold">Chef’s console</p>
          <div className="flex min-w-0 items-center gap-3 text-sm text-sand">
            <span className="truncate" title={email}>
              {email}
            </span>
            <Suspense fallback={null}>
              <LogoutButton />
            </Suspense>
          </div>
        </div>
        <nav aria-label="Console sections" className="mx-auto max-w-6xl px-2">
          <ul className="flex flex-wrap gap-x-1">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={s.id === 'overview' ? '?' : `?section=${s.id}`}
                  aria-current={section === s.id ? 'page' : undefined}
                  onPointerEnter={() => preloadSection(s.id)}
                  onFocus={() => preloadSection(s.id)}
                  onClick={(e) => {
                    e.preventDefault();
                    go(s.id);
                  }}
                  className={cn(
                    'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                    section === s.id ? 'border-gold text-gold' : 'border-transparent text-sand hover:text-cream',
                  )}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-3 py-10 text-sand">
              <LoaderCircle aria-hidden className="size-5 animate-spin text-gold" /> Opening the section…
            </p>
          }
        >
          {section === 'overview' && <OverviewPanel onOpen={go} />}
          {section === 'bookings' && (
            <BookingsPanel userId={userId} linked={linked('booking')} onLinkedClosed={leaveLinked} />
          )}
          {section === 'calendar' && <CalendarPanel />}
          {section === 'moderation' && <ModerationPanel linked={linked('recipe')} onLinkedClosed={leaveLinked} />}
          {section === 'messages' && <MessagesPanel linked={linked('message')} onLinkedClosed={leaveLinked} />}
          {section === 'subscribers' && <SubscribersPanel />}
          {section === 'outbox' && <OutboxView />}
          {section === 'site' && <SitePanel />}
        </Suspense>
      </main>
    </>
  );
}
