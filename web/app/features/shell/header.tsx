// chunk: shell
import { shellCopy } from '@content/shell.ts';
import { site } from '@content/site.ts';
import { BookOpen, Menu, UserRound, X } from 'lucide-react';
import { memo, startTransition, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { followInside } from '~/components/layout/static-html.tsx';
import { buttonClass } from '~/components/ui/button.tsx';
import { Picture } from '~/components/ui/picture.tsx';
import { afterNextPaint } from '~/lib/after-next-paint.ts';
import { AuthDialog, preloadAuthDialog, useAuth } from '~/features/auth/index.ts';
import { cn } from '~/lib/cn.ts';
import { headerLinks, href, routes, type RouteId } from '~/paths.ts';

/** The header turns into a dark blurred bar past this many pixels of scroll. */
export const HEADER_SCROLL_THRESHOLD = 20;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const isScrolled = () => window.scrollY > HEADER_SCROLL_THRESHOLD;
/** Runs `task` when the browser is idle (Safari has no requestIdleCallback: after a second there); returns its cancel. */
function onIdle(task: () => void) {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

// Both of the menu button's icons, created once: its `aria-expanded` shows one, so the tap that opens or
// closes the menu changes an attribute and makes no element.
const menuIcons = (
  <>
    <Menu aria-hidden className="size-6 group-aria-expanded:hidden" />
    <X aria-hidden className="hidden size-6 group-aria-expanded:block" />
  </>
);

// Created once: the tap that opens the dialog re-renders the button (its `aria-expanded`), and React skips an unchanged element.
const userIcon = <UserRound aria-hidden className="size-4" />;

/** The Login / Account button (the auth dialog's trigger once its code is loaded). */
function AuthButton({ signedIn, ...props }: React.ComponentProps<'button'> & { signedIn: boolean }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...props}
      className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full border border-cream/40 px-4 text-sm font-semibold text-cream can-hover:transition-colors hover:border-gold hover:text-gold sm:px-5 xl:px-4"
      aria-label={signedIn ? shellCopy.header.account : undefined}
    >
      {userIcon}
      <span className={signedIn ? 'hidden sm:inline xl:hidden 2xl:inline' : undefined}>
        {signedIn ? shellCopy.header.account : shellCopy.header.login}
      </span>
    </button>
  );
}

/** The header's links: the required order, with Members inserted second when a session exists. */
export function navLinks(signedIn: boolean): RouteId[] {
  return signedIn ? [headerLinks[0], 'members', ...headerLinks.slice(1)] : headerLinks;
}

/**
 * Whether a header link shows as the current page: the page itself or one below it, compared without
 * case, as React Router's `<NavLink>` decides it (its default `end={false}`).
 */
export function isCurrentLink(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(end) === '/');
}

/**
 * The header's own links are plain `<a href>`s, marked current from the one pathname the header reads;
 * a click on one is handed to the router by the header (`followInside`), as a `<Link>` would do. A
 * `<NavLink>` per link made every page run React Router's link hooks a dozen times while hydrating, and
 * the list is memoized so opening the menu re-renders none of it
 * (docs/decisions/0034-the-shell-and-marketing-pages-hydrate-less.md).
 */
const NavLinks = memo(function NavLinks({ links, pathname }: { links: RouteId[]; pathname: string }) {
  return (
    <ul className="grid gap-1 sm:grid-cols-2 xl:flex xl:items-center xl:gap-0.5">
      {links.map((id) => {
        const current = isCurrentLink(pathname, routes[id].path);
        return (
          <li key={id}>
            <a
              href={routes[id].path}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-3 text-base font-medium can-hover:transition-colors xl:px-2 xl:py-2 xl:text-sm 2xl:px-2.5',
                current ? 'text-gold' : 'text-cream/90 hover:text-gold',
              )}
            >
              {routes[id].label}
            </a>
          </li>
        );
      })}
    </ul>
  );
});

// The parts of the header that never change: created once, so a re-render (the menu's tap) skips them.
const logo = (
  <a href={href('home')} className="mr-auto shrink-0 rounded-md">
    <Picture
      image="logo"
      alt={site.name}
      priority
      sizes="160px"
      className="block w-32 sm:w-36 2xl:w-40"
      imgClassName="h-auto w-full"
    />
  </a>
);
const menuCookbook = (
  <a href={href('cookingBook')} className={buttonClass('primary', 'mt-4 w-full sm:hidden')}>
    <BookOpen aria-hidden className="size-4" />
    {shellCopy.header.cookbook}
  </a>
);
const cookbook = (
  <div className="hidden shrink-0 sm:block">
    <a href={href('cookingBook')} className={buttonClass('primary', 'px-5')}>
      <BookOpen aria-hidden className="size-4" />
      {shellCopy.header.cookbook}
    </a>
  </div>
);
/**
 * The Login / Account button and the auth dialog it opens. A component of its own, so opening the dialog
 * re-renders neither the header nor the menu button; and the button is the same element from the first
 * render on: once asked for, the dialog's code renders beside it (it knows the button by its id). So the
 * tap never removes and remakes the button under the finger in the frame that answers it, and focus
 * stays on it (docs/decisions/0039-the-auth-dialog-without-blur-or-a-new-button.md).
 */
const HeaderAuth = memo(function HeaderAuth({ signedIn }: { signedIn: boolean }) {
  const id = useId();
  const ids = { trigger: `${id}-trigger`, dialog: `${id}-dialog` };
  const [open, setOpen] = useState(false);
  // Whether the dialog is mounted (closed, nothing of it is in the page): until then the button stands alone.
  const [used, setUsed] = useState(false);
  // The dialog's code (a few kB) arrives while the browser is idle after hydrating, so a tap on the button
  // paints it (decision 0033), and the closed dialog is mounted then, in a transition (React yields to
  // input while it works), so making its elements is not part of that tap
  // (docs/decisions/0045-the-auth-dialog-made-before-the-tap.md).
  useEffect(
    () => onIdle(() => void preloadAuthDialog().then((loaded) => loaded && startTransition(() => setUsed(true)))),
    [],
  );
  return (
    <>
      <AuthButton
        signedIn={signedIn}
        id={ids.trigger}
        aria-expanded={open}
        aria-controls={open ? ids.dialog : undefined}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        onClick={() => {
          setUsed(true);
          setOpen((was) => !was);
        }}
      />
      {used && (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} ids={ids} />
        </Suspense>
      )}
    </>
  );
});

const signedOutLinks = navLinks(false);
const signedInLinks = navLinks(true);

/**
 * The site header: the nav links, a Cookbook button, the auth dialog's button, and a
 * mobile menu that collapses on every route change. Transparent at the top of the page, a dark
 * blurred bar once scrolled.
 */
export function Header() {
  const { session } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const scrolled = useSyncExternalStore(subscribeToScroll, isScrolled, () => false);
  // The menu counts as open only on the page where it was opened: any navigation collapses it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const links = session ? signedInLinks : signedOutLinks;
  const solid = scrolled || menuOpen;
  // The bar's fade is the scroll's. A tap that opens or closes the menu changes the bar at once; the fade
  // comes back one frame after the menu is closed, for the page's scroll: a 300 ms fade started by the tap
  // would be repainted on a phone's main thread in the frames that answer it
  // (docs/decisions/0042-no-colour-transitions-on-touch-screens.md).
  const [fade, setFade] = useState(true);
  useEffect(() => {
    if (fade || menuOpen) return;
    return afterNextPaint(() => setFade(true));
  }, [fade, menuOpen]);
  const toggleMenu = (open: boolean) => {
    setFade(false);
    setMenuOpenAt(open ? pathname : null);
  };

  return (
    <header
      data-scrolled={scrolled}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && menuOpen) toggleMenu(false);
      }}
      onClick={(e) => followInside(e, navigate)}
      // The blurred bar is for a scrolled page (the spec). A menu opened at the top gets a near-opaque
      // bar at once, without blur or fade: a backdrop blur recomputed over /home's playing video, and a
      // 300 ms fade repainted every frame, made that tap's next paint late on a phone
      // (docs/decisions/0024-load-the-forms-work-when-used.md).
      className={cn(
        'fixed inset-x-0 top-0 z-50',
        !menuOpen && fade && 'transition-[background-color,box-shadow,backdrop-filter] duration-300',
        scrolled
          ? 'bg-ink/85 shadow-lg shadow-black/30 backdrop-blur-md'
          : solid
            ? 'bg-ink/95 shadow-lg shadow-black/30'
            : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-3 px-4 sm:h-20 sm:px-6 xl:gap-2 2xl:gap-3">
        {logo}

        <nav
          id="site-menu"
          aria-label="Main"
          className={cn(
            menuOpen ? 'block' : 'hidden',
            'absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-cream/10 bg-ink/95 px-4 pt-2 pb-6',
            'xl:static xl:block xl:max-h-none xl:overflow-visible xl:border-0 xl:bg-transparent xl:p-0',
          )}
        >
          <NavLinks links={links} pathname={pathname} />
          {menuCookbook}
        </nav>

        {cookbook}

        <HeaderAuth signedIn={Boolean(session)} />

        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? shellCopy.header.closeMenu : shellCopy.header.openMenu}
          onClick={() => toggleMenu(!menuOpen)}
          className="group -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-cream hover:text-gold xl:hidden"
        >
          {menuIcons}
        </button>
      </div>
    </header>
  );
}
