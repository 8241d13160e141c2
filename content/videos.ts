import { z } from 'zod';
import { ChannelVideoSchema, ChannelWidgetSchema, WatchPageSchema } from './showcase-schema.ts';
import { site } from './site.ts';

/**
 * The channel's latest videos, shown as our own cards on /home and /watch when no channel widget is
 * configured (site.channelWidgetId empty, the default). Set `youtubeId` on a video to play it in an
 * embed on the page (loaded only when the visitor presses play); leave it empty to link to the channel.
 */
export const channelVideos = z
  .array(ChannelVideoSchema)
  .length(6)
  .parse([
    {
      id: 'seared-snapper',
      title: 'Seared Snapper, Plated Like a Pro',
      description:
        'Crisp skin, a bright herb oil and the three plating moves that make a dinner-party main look effortless.',
      duration: '8:42',
      thumbnail: 'videoThumb1',
      published: '2025-09-12',
    },
    {
      id: 'green-juice',
      title: 'The 10-Minute Green Juice',
      description:
        'Cucumber, green apple, kale and ginger: the morning juice I make for clients, no fancy juicer needed.',
      duration: '5:15',
      thumbnail: 'videoThumb2',
      published: '2025-08-29',
    },
    {
      id: 'knife-skills',
      title: 'Knife Skills: Dice, Julienne, Chiffonade',
      description:
        'Hold the knife like a chef, keep your fingers safe and cut faster with the three cuts I use every day.',
      duration: '12:03',
      thumbnail: 'videoThumb3',
      published: '2025-08-15',
    },
    {
      id: 'garlic-butter-shrimp',
      title: 'Garlic Butter Shrimp in One Pan',
      description:
        'A hot pan, a knob of butter and a pinch of Feva seasoning: weeknight shrimp in under fifteen minutes.',
      duration: '9:27',
      thumbnail: 'videoThumb4',
      published: '2025-07-31',
    },
    {
      id: 'berry-pavlova',
      title: 'Berry Pavlova, Start to Finish',
      description:
        'Glossy meringue, soft cream and summer berries: the dessert that ends my private dinners on a high.',
      duration: '14:10',
      thumbnail: 'videoThumb5',
      published: '2025-07-18',
    },
    {
      id: 'catering-buffet',
      title: 'Behind the Scenes: Setting a Catering Buffet',
      description:
        'Two hours before guests arrive: how my team builds a buffet for eighty that stays hot, fresh and beautiful.',
      duration: '6:38',
      thumbnail: 'videoThumb6',
      published: '2025-07-04',
    },
  ]);

/** The third-party channel widget (docs/specification.md §7), used only when site.channelWidgetId is set. */
export const channelWidget = ChannelWidgetSchema.parse({
  scriptUrl: 'https://static.elfsight.com/platform/platform.js',
  containerClassPrefix: 'elfsight-app-',
});

/** /watch-{slug} (docs/specification.md §2): the marquee under the header, the heading and the subscribe link. */
export const watchPage = WatchPageSchema.parse({
  marquee: `Watch The Latest From ${site.name}`,
  eyebrow: 'On the Channel',
  title: 'Watch The Latest',
  lead: 'New recipes, kitchen techniques and behind-the-scenes moments from private dinners and catered events.',
  subscribe: 'Subscribe on YouTube',
});
