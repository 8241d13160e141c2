/** The console's small buttons (classes): plain strings, so the gate (console-app.tsx) needs no table code to use them. */
export const smallButton =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-cream/30 px-4 py-2 text-sm font-semibold text-cream hover:border-gold hover:text-gold disabled:cursor-not-allowed disabled:opacity-50';
export const primarySmallButton =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full bg-gold px-4 py-2 text-sm font-semibold text-ink hover:bg-gold-dark disabled:cursor-not-allowed disabled:opacity-60';
export const dangerSmallButton =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-red-300/60 px-4 py-2 text-sm font-semibold text-red-200 hover:bg-red-900/40 disabled:cursor-not-allowed disabled:opacity-50';
