import { z } from 'zod';
import { ImageKeySchema, ToastCopySchema } from './marketing-schema.ts';

const text = z.string().trim().min(1);

/**
 * SPEC §3 Members video: id (the video platform's id), title, description; plus its poster image.
 * The videos themselves are not here: they are members-only, so they live in the database
 * (`public.members_videos`, readable by signed-in members only) and the members area reads them
 * after sign-in. A file of the site must never name them.
 */
export const MembersVideoSchema = z.object({
  /** A YouTube video id (11 characters), played from youtube-nocookie.com when the visitor asks. */
  id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'a YouTube video id has 11 characters'),
  title: text,
  description: text,
  thumbnail: ImageKeySchema,
});
export type MembersVideo = z.infer<typeof MembersVideoSchema>;

/** /members and the auth dialog: the words on screen and the toasts of SPEC §8, word for word. */
export const membersPage = z
  .object({
    eyebrow: text,
    title: text,
    /** "{email}" is replaced with the member's e-mail address. */
    greeting: text,
    lead: text,
    loading: text,
    videosHeading: text,
    videosLoading: text,
    videosError: text,
    videosEmpty: text,
    videoLabel: text,
    playLabel: text,
    restricted: z.object({ title: text, description: text }),
    restrictedNote: text,
  })
  .parse({
    eyebrow: 'Members Only',
    title: 'Members Area',
    greeting: 'Welcome, {email}!',
    lead: 'Exclusive videos from the kitchen, just for members. Press play on any of them.',
    loading: 'Checking your session…',
    videosHeading: 'Exclusive videos',
    videosLoading: 'Loading the videos…',
    videosError: 'The videos could not be loaded. Please try again in a moment.',
    videosEmpty: 'New videos are on their way. Check back soon!',
    videoLabel: 'Exclusive Video',
    playLabel: 'Play video',
    restricted: {
      title: 'Access Restricted',
      description:
        'You must be logged in to view this page. Please log in or create an account to access exclusive content.',
    },
    restrictedNote: 'Log in or create a free account to watch the members-only videos.',
  });

export const authCopy = z
  .object({
    fallback: text,
    signUpFailed: text,
    signInFailed: text,
    signOutFailed: text,
    loginSuccess: ToastCopySchema,
    signUpSuccess: ToastCopySchema,
    /** Only when a hosted project asks new users to confirm their e-mail first (no session yet). */
    confirmEmail: text,
    loggedOut: ToastCopySchema,
  })
  .parse({
    fallback: 'Something went wrong',
    signUpFailed: 'Sign up Failed',
    signInFailed: 'Sign in Failed',
    signOutFailed: 'Sign out Failed',
    loginSuccess: { title: 'Login Successful! 🎉', description: 'Welcome! You now have access to exclusive content.' },
    signUpSuccess: {
      title: 'Sign Up Successful! 🎉',
      description: 'Welcome! You now have access to exclusive content.',
    },
    confirmEmail: 'Please confirm your e-mail address, then log in to access exclusive content.',
    loggedOut: { title: 'Logged out! 👋', description: 'You have been successfully logged out.' },
  });
