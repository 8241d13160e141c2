import { SoundtrackSchema } from './showcase-schema.ts';
import { site } from './site.ts';

/** /soundtrack: the companion album (docs/specification.md §2, five tracks with the specification's durations). */
export const soundtrack = SoundtrackSchema.parse({
  hero: {
    eyebrow: 'The Official Soundtrack',
    title: 'Simmer: The Kitchen Sessions',
    lead: `The music playing in ${site.chefName}'s kitchen, pressed into one album: warm grooves to cook, host and linger at the table to.`,
    image: 'albumCover',
  },
  albumTitle: 'Simmer: The Kitchen Sessions',
  listenButton: 'Listen Now',
  tracklist: {
    title: 'Official Tracklist',
    tracks: [
      { title: 'Sunday Sauce', duration: '3:45' },
      { title: 'Low and Slow', duration: '4:10' },
      { title: 'Citrus & Smoke', duration: '3:20' },
      { title: 'Midnight Simmer', duration: '5:05' },
      { title: 'Clean Plate', duration: '2:50' },
    ],
  },
  vibe: {
    title: 'The Vibe',
    paragraphs: [
      'Think Sunday afternoon with the windows open: soulful keys, a lazy bassline, a little brass when the pan starts to sizzle. Every track was written around a moment in the kitchen, from the first chop to the last plate wiped clean.',
      'Put it on while you prep, let it carry the dinner party, and keep it going while the dishes wait. It is the sound of food made with love, unhurried and full of flavor.',
    ],
  },
  availability: {
    title: 'Coming Soon',
    text: 'The album will be available soon on all major streaming platforms and as a physical CD, with liner notes and a bonus recipe inside.',
  },
  toast: {
    title: 'Music player feature coming soon!',
    description: 'The music player is not implemented yet. Check back soon to listen to the album.',
  },
});
