/**
 * Regenerates the site's default media under content/media/ (deterministic: same input, same files).
 *   npx tsx scripts/media/index.ts            images (SVG) and, if ffmpeg exists, videos
 *   npx tsx scripts/media/index.ts --no-video  images only
 * Only files listed in content/media.ts that still point at the generated .svg/.mp4 are written,
 * so a real photo dropped in by the chef (and wired in content/media.ts) is never overwritten.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { images } from '../../content/media.ts';
import { P } from './lib.ts';
import { abstractBg, homeBg } from './backgrounds.ts';
import { favicon, logo, ogImage } from './brand.ts';
import { dishPhoto } from './dish-photo.ts';
import { scene } from './scenes.ts';
import { chefCooking, portrait } from './people.ts';
import { albumCover, cookbookCover, seasoningJar } from './products.ts';
import { cookbookPeek } from './cookbook-peek.ts';
import { posterSvgs } from './loops.ts';
import { makeVideos } from './video.ts';

const ROOT = resolve(import.meta.dirname, '../../content/media');

const gallery: [string, Parameters<typeof dishPhoto>[2]][] = [
  ['scallops', { surface: 'slate', props: ['napkin', 'salt'] }],
  ['burrata', { surface: 'walnut', props: ['pepper', 'herb'] }],
  ['lambChops', { surface: 'oak', props: ['cutlery', 'pepper'] }],
  ['risotto', { surface: 'greenLinen', props: ['napkin', 'cutlery'] }],
  ['salmon', { surface: 'marble', props: ['cutlery', 'wine'] }],
  ['beetCarpaccio', { surface: 'slate', props: ['herb', 'salt'] }],
  ['jerkChicken', { surface: 'walnut', props: ['chili', 'napkin'] }],
  ['lobster', { surface: 'marble', props: ['wine', 'candle'] }],
  ['shrimpGrits', { surface: 'oak', props: ['napkin', 'chili'] }],
  ['ceviche', { surface: 'greenLinen', props: ['herb', 'salt'] }],
  ['shortRib', { surface: 'walnut', props: ['cutlery', 'wine'] }],
  ['mushroomTart', { surface: 'oak', props: ['herb', 'pepper'] }],
  ['chocolateFondant', { surface: 'slate', props: ['napkin', 'candle'] }],
  ['pannaCotta', { surface: 'greenLinen', props: ['salt', 'cutlery'] }],
  ['capreseSkewers', { surface: 'oak', props: ['pepper'], R: 360 }],
  ['roastedVeg', { surface: 'walnut', props: ['herb'], R: 330 }],
  ['paella', { surface: 'oak', props: ['chili', 'herb'], R: 330 }],
  ['tunaTartare', { surface: 'slate', props: ['salt', 'napkin'] }],
  ['beefTenderloin', { surface: 'walnut', props: ['cutlery', 'wine'] }],
  ['pavlova', { surface: 'marble', props: ['napkin', 'herb'] }],
];

const out: Record<string, () => string> = {
  'images/brand/logo.svg': logo,
  'images/brand/favicon.svg': favicon,
  'images/brand/og-image.svg': ogImage,
  'images/chef/chef-portrait.svg': () =>
    portrait('chef', {
      skin: '#8d5a3b',
      hair: '#1d1410',
      style: 'toque',
      outfit: '#f1eee8',
      chef: true,
      bg: ['#3a2a1c', '#120e0b'],
    }),
  'images/chef/chef-cooking.svg': chefCooking,
  'images/backgrounds/bg-home.svg': homeBg,
  'images/backgrounds/bg-about.svg': () => abstractBg('bgAbout', [P.greenMid, P.gold, '#5a3620'], 'herbs'),
  'images/backgrounds/bg-services.svg': () => abstractBg('bgServices', [P.gold, P.tomatoDeep, P.green], 'plates'),
  'images/backgrounds/bg-contact.svg': () => abstractBg('bgContact', [P.green, '#6b4a2a', P.saffron], 'lines'),
  'images/backgrounds/bg-gallery.svg': () => abstractBg('bgGallery', [P.tomato, P.saffron, P.green], 'bokeh'),
  'images/backgrounds/bg-watch.svg': () => abstractBg('bgWatch', [P.tomatoDeep, P.saffron, '#3a1a40'], 'streaks'),
  'images/backgrounds/bg-payment.svg': () => abstractBg('bgPayment', [P.green, P.gold, P.greenMid], 'rings', '#13201a'),
  'images/backgrounds/bg-seasoning.svg': () =>
    abstractBg('bgSeasoning', [P.tomato, P.saffron, '#6b3a10'], 'spice', '#1e1410'),
  'images/backgrounds/bg-members.svg': () => abstractBg('bgMembers', [P.gold, P.green, P.greenMid], 'bokeh', '#0f1a14'),
  'images/backgrounds/bg-recipes.svg': () =>
    abstractBg('bgRecipes', [P.herb, P.saffron, P.tomatoDeep], 'herbs', '#16130f'),
  'images/backgrounds/bg-community.svg': () =>
    abstractBg('bgCommunity', [P.saffron, P.greenMid, P.tomato], 'plates', '#1a1612'),
  'images/services/private-chef.svg': () => scene('svcPrivate', 'privateChef'),
  'images/services/catering.svg': () => scene('svcCatering', 'catering'),
  'images/services/cooking-class.svg': () => scene('svcClass', 'cookingClass'),
  'images/services/meal-prep.svg': () => scene('svcPrep', 'mealPrep'),
  'images/services/consultation.svg': () => scene('svcConsult', 'consultation'),
  'images/services/training.svg': () => scene('svcTraining', 'training'),
  'images/products/cookbook-cover.svg': cookbookCover,
  'images/products/album-cover.svg': albumCover,
  'images/products/seasoning-jar.svg': seasoningJar,
  'images/cookbook/peek-1.svg': () => cookbookPeek('peek1', 'salmon', 'recipe'),
  'images/cookbook/peek-2.svg': () => cookbookPeek('peek2', 'salmon', 'technique'),
  'images/cookbook/peek-3.svg': () => cookbookPeek('peek3', 'burrata', 'notes'),
  'images/cookbook/peek-4.svg': () => cookbookPeek('peek4', 'chocolateFondant', 'chapter'),
  'images/seasoning/use-1.svg': () => scene('use1', 'panChicken', 1200, 900),
  'images/seasoning/use-2.svg': () => scene('use2', 'roastTray', 1200, 900),
  'images/seasoning/use-3.svg': () => scene('use3', 'grillShrimp', 1200, 900),
  'images/seasoning/use-4.svg': () => scene('use4', 'riceBeans', 1200, 900),
  'images/testimonials/testimonial-1.svg': () =>
    portrait(
      't1',
      {
        skin: '#6b432c',
        hair: '#17100c',
        style: 'curly',
        outfit: P.tomatoDeep,
        earrings: true,
        bg: ['#3a2418', '#140e0a'],
      },
      480,
      480,
    ),
  'images/testimonials/testimonial-2.svg': () =>
    portrait(
      't2',
      {
        skin: '#e0b08a',
        hair: '#4a2e1a',
        style: 'short',
        outfit: P.greenMid,
        glasses: true,
        bg: ['#22352a', '#0e1611'],
      },
      480,
      480,
    ),
  'images/testimonials/testimonial-3.svg': () =>
    portrait(
      't3',
      { skin: '#c68e62', hair: '#2a1a10', style: 'bun', outfit: '#d9c9a8', earrings: true, bg: ['#3b2c1a', '#15100a'] },
      480,
      480,
    ),
  'images/testimonials/testimonial-4.svg': () =>
    portrait(
      't4',
      { skin: '#a87552', hair: '#231812', style: 'short', outfit: '#1f2530', beard: true, bg: ['#2a2a30', '#0f0f12'] },
      480,
      480,
    ),
  'images/recipes/crab-cakes.svg': () =>
    dishPhoto('rCrab', 'crabCakes', { surface: 'slate', props: ['napkin', 'salt'] }),
  'images/recipes/stuffed-pineapple.svg': () =>
    dishPhoto('rPine', 'stuffedPineapple', { surface: 'oak', props: ['herb', 'chili'], R: 380 }),
  'images/recipes/green-juice.svg': () => posterSvgs.greenStill(),
  'images/recipes/spinach-strawberry-pineapple.svg': () => posterSvgs.spinachStill(),
  'images/recipes/shrimp-sushi-egg-rolls.svg': () =>
    dishPhoto('rSushi', 'sushiEggRolls', { surface: 'slate', props: ['salt'], R: 480 }),
  'images/recipes/shrimp-cocktail-snapper.svg': () =>
    dishPhoto('rSnap', 'shrimpCocktailSnapper', { surface: 'marble', props: ['herb'], R: 440 }),
  'images/events/dinner.svg': () => scene('evDinner', 'dinner'),
  'images/events/birthday.svg': () => scene('evBday', 'birthday'),
  'images/events/corporate.svg': () => scene('evCorp', 'corporate'),
  'images/thumbs/video-1.svg': () =>
    dishPhoto('vt1', 'salmon', { w: 1280, h: 720, surface: 'slate', props: ['cutlery'] }),
  'images/thumbs/video-2.svg': () => scene('vt2', 'juiceBar', 1280, 720),
  'images/thumbs/video-3.svg': () => scene('vt3', 'cookingClass', 1280, 720),
  'images/thumbs/video-4.svg': () => scene('vt4', 'grillShrimp', 1280, 720),
  'images/thumbs/video-5.svg': () => scene('vt5', 'dessertBuild', 1280, 720),
  'images/thumbs/video-6.svg': () => scene('vt6', 'catering', 1280, 720),
  'images/members/members-1.svg': () => scene('m1', 'saucePot', 1280, 720),
  'images/members/members-2.svg': () =>
    dishPhoto('m2', 'scallops', { w: 1280, h: 720, surface: 'marble', props: ['cutlery', 'wine'] }),
  'images/members/members-3.svg': () => scene('m3', 'dinner', 1280, 720),
  'images/posters/splash.svg': posterSvgs.splash,
  'images/posters/hero.svg': posterSvgs.hero,
  'images/posters/green-juice.svg': posterSvgs.greenJuice,
  'images/posters/spinach-drink.svg': posterSvgs.spinachDrink,
};
gallery.forEach(([dish, opts], i) => {
  const n = String(i + 1).padStart(2, '0');
  out[`images/gallery/gallery-${n}.svg`] = () => dishPhoto(`gallery${n}`, dish, opts);
});

const wanted = new Set(Object.values(images).map((i) => i.file));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
let written = 0;
let bytes = 0;
for (const [file, make] of Object.entries(out)) {
  if (!wanted.has(file)) continue; // replaced by a real photo in content/media.ts: leave it alone
  if (only.length && !only.some((o) => file.includes(o))) continue;
  const svg = make();
  const dest = join(ROOT, file);
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, svg);
  written++;
  bytes += Buffer.byteLength(svg);
}
const missing = [...wanted].filter((f) => f.endsWith('.svg') && !out[f] && !existsSync(join(ROOT, f)));
if (missing.length) throw new Error(`No generator for: ${missing.join(', ')}`);
console.log(`images: ${written} SVG files, ${(bytes / 1024).toFixed(1)} kB`);

if (!process.argv.includes('--no-video') && !only.length) await makeVideos(ROOT);
