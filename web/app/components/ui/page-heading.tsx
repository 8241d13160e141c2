// chunk: shell
import { cn } from '~/lib/cn.ts';

/** The page's one h1, with an optional eyebrow line and lead paragraph. */
export function PageHeading({
  title,
  eyebrow,
  lead,
  className,
}: {
  title: string;
  eyebrow?: string;
  lead?: React.ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('mx-auto max-w-3xl px-6 pt-32 pb-10 text-center', className)}>
      {eyebrow && <p className="mb-3 text-sm font-semibold tracking-[0.2em] text-gold uppercase">{eyebrow}</p>}
      <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 text-lg text-sand">{lead}</p>}
    </header>
  );
}
