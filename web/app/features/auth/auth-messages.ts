import { authCopy } from '@content/members.ts';
import { toast } from '~/components/ui/toast-store.ts';

/** A failed auth action: the backend's message, or "Something went wrong". */
export const authFailed = (title: string, message: string | null) =>
  toast({ title, description: message || authCopy.fallback, variant: 'destructive' });
