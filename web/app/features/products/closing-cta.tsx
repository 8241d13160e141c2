/** The call to action that closes a product page. */
export function ClosingCta({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-6xl px-5 pt-4 pb-24 sm:px-8">
      <div className="rounded-3xl border border-gold/30 bg-gradient-to-br from-smoke via-charcoal to-ink px-6 py-12 text-center shadow-2xl shadow-black/40 sm:px-12">
        <h2 id={`${id}-title`} className="text-3xl font-semibold sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-sand">{text}</p>
        <div className="mt-8 flex justify-center">{children}</div>
      </div>
    </section>
  );
}
