/**
 * The chef's console's own texts (web/app/features/console). The members' sign-in texts stay in
 * content/members.ts; the console's dialog and its sign-in toast speak to the chef instead.
 */
export const consoleCopy = {
  signIn: {
    title: 'Chef’s console',
    description: 'Sign in with the owner account to run the business.',
    /** The toast after signing in from the console's dialog. */
    loginSuccess: { title: 'Signed in', description: 'Opening the chef’s console…' },
  },
} as const;
