import { z } from 'zod';
import { SectionCopySchema, ToastCopySchema } from './marketing-schema.ts';
import { site } from './site.ts';

/** /community-recipes and /submit-recipe: headings, states and messages (docs/specification.md §2, §8). */
const text = z.string().trim().min(1);

const CommunityContentSchema = z.object({
  list: z.object({
    heading: SectionCopySchema,
    prize: text,
    submitButton: text,
    loading: text,
    /** docs/specification.md §8, exact. */
    loadError: text,
    empty: z.object({ title: text, text }),
    /** The grid's heading, for screen readers (the page's h1 says it already). */
    gridTitle: text,
    anonymous: text,
  }),
  submit: z.object({
    heading: SectionCopySchema,
    labels: z.object({
      title: text,
      description: text,
      ingredients: text,
      instructions: text,
      name: text,
      image: text,
      /** The box that shows the e-mail field: the author wants to hear when the recipe is published. */
      notify: text,
      email: text,
    }),
    placeholders: z.object({
      title: text,
      description: text,
      ingredients: text,
      instructions: text,
      name: text,
      email: text,
    }),
    hints: z.object({ ingredients: text, instructions: text, image: text, email: text }),
    emailErrors: z.object({ missing: text, invalid: text }),
    dropzone: z.object({ prompt: text, dragging: text, choose: text, remove: text }),
    submitButton: text,
    honeypotLabel: text,
    toasts: z.object({
      success: ToastCopySchema,
      failure: ToastCopySchema,
      missing: ToastCopySchema,
      tooLarge: ToastCopySchema,
      notAnImage: ToastCopySchema,
      tooMany: ToastCopySchema,
    }),
  }),
});

export const community = CommunityContentSchema.parse({
  list: {
    heading: {
      eyebrow: 'Cooked by you',
      title: 'Community Recipes',
      lead: `Favourite dishes shared by the ${site.name} community. Cook one tonight, or share one of your own.`,
    },
    prize: `The best recipes and photos win a prize from ${site.chefName}!`,
    submitButton: 'Submit Your Recipe',
    loading: 'Loading community recipes…',
    loadError: 'Failed to load recipes. Please try again later.',
    empty: { title: 'No Recipes Yet!', text: 'Be the first to share a recipe with the community!' },
    gridTitle: 'Recipes from the community',
    anonymous: 'Anonymous',
  },
  submit: {
    heading: {
      eyebrow: 'Share your cooking',
      title: 'Submit Your Recipe',
      lead: `No account needed. ${site.chefName} reviews every recipe before it appears on Community Recipes.`,
    },
    labels: {
      title: 'Recipe Title',
      description: 'Short Description',
      ingredients: 'Ingredients',
      instructions: 'Instructions',
      name: 'Your Name (Optional)',
      image: 'Recipe Photo',
      notify: 'E-mail me when my recipe is published',
      email: 'Your E-mail',
    },
    placeholders: {
      title: 'Grandma’s jerk chicken',
      description: 'What makes this dish special?',
      ingredients: '2 lb chicken thighs\n3 tbsp jerk seasoning\n1 lime, juiced',
      instructions: 'Marinate the chicken overnight.\nGrill over medium heat for 25 minutes.',
      name: 'Leave empty to stay anonymous',
      email: 'you@example.com',
    },
    hints: {
      ingredients: 'One ingredient per line.',
      instructions: 'One step per line.',
      image: 'PNG, JPG, GIF up to 10MB',
      email: 'Used once, to tell you when your recipe is on the site. Never shown, never shared.',
    },
    emailErrors: {
      missing: 'Please enter the e-mail address to write to, or untick the box.',
      invalid: 'Please enter a valid e-mail address.',
    },
    dropzone: {
      prompt: 'Drag and drop a photo here, or',
      dragging: 'Drop the photo to add it',
      choose: 'Choose a photo',
      remove: 'Remove photo',
    },
    submitButton: 'Submit Recipe',
    honeypotLabel: 'Website (leave this empty)',
    toasts: {
      // docs/specification.md §8, exact.
      success: { title: 'Success!', description: 'Your recipe has been submitted for review. Thank you!' },
      failure: { title: 'Submission Failed', description: 'Something went wrong. Please try again.' },
      missing: { title: 'Missing Fields', description: 'Please fill out title, ingredients, and instructions.' },
      // Clearer descriptions when the server says why.
      tooLarge: {
        title: 'Submission Failed',
        description: 'The photo is larger than 10MB. Please choose a smaller photo.',
      },
      notAnImage: {
        title: 'Submission Failed',
        description: 'The photo could not be read as a PNG, JPG or GIF image. Please choose another photo.',
      },
      tooMany: {
        title: 'Too many requests',
        description: 'You have sent several recipes in a short time. Please wait a minute, then try again.',
      },
    },
  },
});
