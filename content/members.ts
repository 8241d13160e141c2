import { z } from 'zod';
import { ImageKeySchema, ToastCopySchema } from './marketing-schema.ts';

const text = z.string().trim().min(1);

/** SPEC §3 Members video: id (the video platform's id), title, description; plus its poster image. */
export const MembersVideoSchema = z.object({
  /** A YouTube video id (11 characters), played from youtube-nocookie.com when the visitor asks. */
  id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'a YouTube video id has 11 characters'),
  title: text,
  description: text,
  thumbnail: ImageKeySchema,
});
export type MembersVideo = z.infer<typeof MembersVideoSchema>;

/**
 * The members-only videos. Replace the ids with the chef's own (unlisted) videos; the poster
 * images are content/media.ts keys.
 */
export const membersVideos = z
  .array(MembersVideoSchema)
  .length(3)
  .parse([
    {
      id: 'cF3vQm7LxW2',
      title: 'The Signature Sauce, Step by Step',
      description:
        'The sauce behind half the menu: how to build it, balance it and keep it for a week — with the ratios the chef never writes down.',
      thumbnail: 'membersThumb1',
    },
    {
      id: 'pL8tRk2NwQ5',
      title: 'Plating Like a Professional',
      description:
        'Height, colour, negative space and the one spoon technique that makes any plate look like it left a restaurant pass.',
      thumbnail: 'membersThumb2',
    },
    {
      id: 'bH4sYd9JmT1',
      title: 'Behind the Scenes of a Private Dinner',
      description:
        'From the morning market run to the last course: a full private dinner for twelve, with the prep timeline that makes it work.',
      thumbnail: 'membersThumb3',
    },
  ]);

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
    signUpSuccess: { title: 'Sign Up Successful! 🎉', description: 'Welcome! You now have access to exclusive content.' },
    confirmEmail: 'Please confirm your e-mail address, then log in to access exclusive content.',
    loggedOut: { title: 'Logged out! 👋', description: 'You have been successfully logged out.' },
  });
