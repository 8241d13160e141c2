import { membersPage, type MembersVideo } from '@content/members.ts';
import { LoaderCircle } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { AuthDialog, LogoutButton, preloadAuthDialog, useAuth, useConnectOnFirstInput } from '~/features/auth/index.ts';
import { MembersVideoCard } from './members-video-card.tsx';
import { fetchMembersVideos } from './members-videos-api.ts';

// The Access Restricted dialog's code (a few kB) downloads with the page, beside hydration, so that the
// signed-out state shows it in the same frame as the note below the heading.
if (typeof window !== 'undefined') preloadAuthDialog();

/**
 * /members: loading (spinner), unauthenticated (the Access Restricted modal with the
 * login form), authenticated (greeting, Logout and the exclusive videos).
 */
export function MembersArea() {
  const { session, loading } = useAuth();

  // A stored session is read by AuthProvider at once. Without one, supabase-js (what signing in needs)
  // loads on the visitor's first key or tap, while the e-mail and password are typed, not during the
  // page's load (docs/decisions/0033-the-auth-dialog-paints-in-the-tap.md; as the console does).
  useConnectOnFirstInput();

  return (
    <div className="relative">
      <PageBackground image="bgMembers" opacity="soft" />
      <header className="mx-auto max-w-3xl px-6 pt-32 pb-10 text-center">
        <p className="mb-3 text-sm font-semibold tracking-[0.2em] text-gold uppercase">{membersPage.eyebrow}</p>
        <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">{membersPage.title}</h1>
        {session && (
          <>
            <p className="mt-5 text-lg break-words text-cream">
              {membersPage.greeting.replace('{email}', session.user.email ?? '')}
            </p>
            <p className="mt-2 text-sand">{membersPage.lead}</p>
            <Suspense fallback={null}>
              <LogoutButton className="mt-6" />
            </Suspense>
          </>
        )}
      </header>

      {/* The same height while loading and when signed out: the footer does not move (CLS 0). */}
      <div className="min-h-60">
        {loading ? (
          <div role="status" className="flex flex-col items-center gap-3 pb-32 text-sand">
            <LoaderCircle aria-hidden className="size-10 animate-spin text-gold" />
            <span>{membersPage.loading}</span>
          </div>
        ) : session ? (
          <section aria-labelledby="members-videos" className="mx-auto max-w-7xl px-6 pb-24">
            <h2 id="members-videos" className="sr-only">
              {membersPage.videosHeading}
            </h2>
            <MembersVideos key={session.user.id} userId={session.user.id} />
          </section>
        ) : (
          <>
            <p className="mx-auto max-w-xl px-6 pb-32 text-center text-sand">{membersPage.restrictedNote}</p>
            {/* The dialog's code was asked for with the page (above); the page's HTML shows the loading state. */}
            <Suspense fallback={null}>
              <AuthDialog open locked={membersPage.restricted} />
            </Suspense>
          </>
        )}
      </div>
    </div>
  );
}

type VideosState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; videos: MembersVideo[] };

/**
 * The exclusive videos, read from the backend with the member's session (members only, by row-level
 * security). Keyed by the member: another member's sign-in starts again from loading.
 */
function MembersVideos({ userId }: { userId: string }) {
  const { connect } = useAuth();
  const [state, setState] = useState<VideosState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    connect()
      .then(fetchMembersVideos)
      .then(
        (videos) => live && setState({ status: 'ready', videos }),
        () => live && setState({ status: 'error' }),
      );
    return () => {
      live = false;
    };
  }, [connect, userId]);

  if (state.status === 'loading') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-10 text-sand">
        <LoaderCircle aria-hidden className="size-8 animate-spin text-gold" />
        <span>{membersPage.videosLoading}</span>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="py-10 text-center text-sand">
        {membersPage.videosError}
      </p>
    );
  }
  if (state.videos.length === 0) return <p className="py-10 text-center text-sand">{membersPage.videosEmpty}</p>;
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {state.videos.map((video) => (
        <MembersVideoCard key={video.id} video={video} />
      ))}
    </div>
  );
}
