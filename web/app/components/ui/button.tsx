// chunk: shell
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 text-sm font-semibold tracking-wide can-hover:transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-gold text-ink hover:bg-gold-dark',
  secondary: 'border border-cream/40 text-cream hover:border-gold hover:text-gold',
  ghost: 'text-cream hover:text-gold',
};

export const buttonClass = (variant: ButtonVariant = 'primary', className?: string) =>
  cn(base, variants[variant], className);

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A link that looks like a button (internal routes). */
export function ButtonLink({
  to,
  variant = 'primary',
  className,
  ...props
}: Omit<React.ComponentProps<typeof Link>, 'className'> & { variant?: ButtonVariant; className?: string }) {
  return <Link to={to} className={buttonClass(variant, className)} {...props} />;
}
