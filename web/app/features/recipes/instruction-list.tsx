/** Numbered steps. `role="list"` keeps list semantics in Safari despite `list-none`. */
export function InstructionList({ steps }: { steps: string[] }) {
  return (
    <ol role="list" className="space-y-6">
      {steps.map((step, i) => (
        <li key={i} id={`step-${i + 1}`} className="flex scroll-mt-28 gap-4">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gold font-display text-base font-semibold text-ink"
          >
            {i + 1}
          </span>
          <p className="pt-1 leading-relaxed text-sand">{step}</p>
        </li>
      ))}
    </ol>
  );
}
