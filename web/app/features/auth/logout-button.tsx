import { LoaderCircle, LogOut } from 'lucide-react';
import { Button } from '~/components/ui/button.tsx';
import { useLogout } from './use-logout.ts';

/** A Logout button with the logout's toasts and a spinner while it runs (the members area shows it). */
export default function LogoutButton({ className }: { className?: string }) {
  const { logout, pending } = useLogout();
  return (
    <Button variant="secondary" className={className} disabled={pending} onClick={() => void logout()}>
      {pending ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
      ) : (
        <LogOut aria-hidden className="size-4" />
      )}
      Logout
    </Button>
  );
}
