// chunk: shell
import { z } from 'zod';
import { ToastCopySchema } from './marketing-schema.ts';

const text = z.string().trim().min(1);

/** The words of the site's frame: splash page, header, footer, newsletter and the 404 page (docs/specification.md §2, §8). */
export const shellCopy = z
  .object({
    splash: z.object({ enter: text }),
    header: z.object({ cookbook: text, login: text, account: text, openMenu: text, closeMenu: text }),
    footer: z.object({
      about: text,
      quickLinks: text,
      contact: text,
      channel: text,
      privacy: text,
      terms: text,
      /** "{year}" and "{name}" are filled in. */
      copyright: text,
    }),
    newsletter: z.object({
      title: text,
      lead: text,
      label: text,
      placeholder: text,
      submit: text,
      /** docs/specification.md §3: browser local storage key of the list of signed-up e-mails. */
      storageKey: text,
      missing: ToastCopySchema,
      success: ToastCopySchema,
    }),
    notFound: z.object({ eyebrow: text, title: text, lead: text, home: text, popular: text }),
  })
  .parse({
    splash: { enter: 'Tap anywhere to enter' },
    header: {
      cookbook: 'Cookbook',
      login: 'Login',
      account: 'Account',
      openMenu: 'Open menu',
      closeMenu: 'Close menu',
    },
    footer: {
      about:
        'Private dinners, event catering, cooking classes and weekly meal prep — bold, fresh, soulful food made for your table.',
      quickLinks: 'Quick Links',
      contact: 'Get in Touch',
      channel: 'Watch on YouTube',
      privacy: 'Privacy Policy',
      terms: 'Terms of Service',
      copyright: '© {year} {name}. All rights reserved.',
    },
    newsletter: {
      title: 'Stay in the Loop',
      lead: 'New recipes, videos and first word on the cookbook, straight to your inbox.',
      label: 'Email address',
      placeholder: 'you@example.com',
      submit: 'Subscribe',
      storageKey: 'newsletterSignups',
      missing: { title: 'Oh, something is missing!', description: 'Please enter your email address to subscribe.' },
      success: {
        title: 'Thank you for subscribing! 🎉',
        description: "You're now on the list for the latest news and recipes.",
      },
    },
    notFound: {
      eyebrow: 'Error 404',
      title: 'Page Not Found',
      lead: "We couldn't find that page. It may have moved, or the link may be mistyped — but there's plenty on the menu.",
      home: 'Back to Home',
      popular: 'Popular pages',
    },
  });
