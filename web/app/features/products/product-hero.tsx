import type { ImageKey } from '@content/media.ts';
import { Picture } from '~/components/ui/picture.tsx';

/**
 * The top of a product page: the product's picture (the page's LCP image) beside its one h1, lead
 * and actions. Stacks on phones, picture first.
 */
export function ProductHero({
  eyebrow,
  title,
  lead,
  image,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  image: ImageKey;
  children?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="product-title"
      className="mx-auto grid w-full max-w-6xl items-center gap-10 px-5 pt-28 pb-12 sm:px-8 sm:pt-32 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-14"
    >
      <div className="mx-auto w-full max-w-60 sm:max-w-sm md:max-w-none">
        <Picture
          image={image}
          priority
          sizes="(min-width: 1152px) 480px, (min-width: 768px) 42vw, (min-width: 640px) 384px, 240px"
          className="block"
          imgClassName="h-auto w-full rounded-3xl object-cover shadow-2xl shadow-black/50 ring-1 ring-cream/10"
        />
      </div>
      <div className="text-center md:text-left">
        <p className="mb-3 text-xs font-semibold tracking-[0.25em] text-gold uppercase">{eyebrow}</p>
        <h1 id="product-title" className="text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        <p className="mt-5 text-lg text-sand">{lead}</p>
        {children && (
          <div className="mt-8 flex flex-wrap items-center justify-center gap-4 md:justify-start">{children}</div>
        )}
      </div>
    </section>
  );
}
