import { shellCopy } from '@content/shell.ts';
import { site } from '@content/site.ts';
import { Link, useNavigate } from 'react-router';
import { BackgroundVideo } from '~/components/ui/background-video.tsx';
import { Picture } from '~/components/ui/picture.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { href } from '~/paths.ts';

export const meta = () => pageMeta('splash');

/**
 * The landing splash: no header or footer, a full-screen looping muted video and the
 * logo. A click anywhere goes to /home; the logo is a real link for keyboard and screen readers.
 */
export default function Splash() {
  const navigate = useNavigate();
  return (
    <main
      onClick={(event) => {
        // The link navigates by itself; any other click on the surface does it here.
        if (!(event.target instanceof Element && event.target.closest('a'))) navigate(href('home'));
      }}
      className="relative isolate flex min-h-dvh cursor-pointer flex-col items-center justify-center overflow-hidden bg-ink px-6 text-center"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <BackgroundVideo video="splash" />
        <div className="absolute inset-0 bg-radial from-ink/20 via-ink/50 to-ink/90" />
      </div>

      <h1 className="m-0">
        <Link
          to={href('home')}
          className="group flex flex-col items-center gap-5 rounded-3xl p-4 focus-visible:outline-offset-4"
        >
          <Picture
            image="logo"
            priority
            alt=""
            sizes="(min-width: 640px) 384px, 256px"
            className="block w-64 drop-shadow-[0_8px_30px_rgba(0,0,0,0.6)] transition-transform duration-500 group-hover:scale-105 sm:w-96"
            imgClassName="h-auto w-full"
          />
          <span className="sr-only">{site.name}</span>
        </Link>
      </h1>
      <p className="mt-6 text-sm font-medium tracking-[0.3em] text-sand/90 uppercase">{shellCopy.splash.enter}</p>
    </main>
  );
}
