import { Button, type ButtonVariant } from '~/components/ui/button.tsx';
import { toast } from '~/components/ui/toast-store.ts';

/**
 * A button for a feature that is not built yet (placeholder toasts): it only shows the
 * coming-soon toast; it neither navigates nor sends anything.
 */
export function PlaceholderButton({
  toast: message,
  variant = 'primary',
  className,
  children,
}: {
  toast: { title: string; description: string };
  variant?: ButtonVariant;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Button variant={variant} className={className} onClick={() => toast(message)}>
      {children}
    </Button>
  );
}
