import { describe, expect, it } from 'vitest';
import { siteContentDefaults, type SiteContent } from '@content/editable.ts';
import { pageData } from './page-data.ts';

const plain = (text: string) => [{ t: 'p', c: [text] }];
const defaults = siteContentDefaults;

describe('page data from the site content', () => {
  it('the defaults read as today’s texts: every paragraph one plain paragraph, word for word', () => {
    const { pages } = defaults;
    expect(pageData.home(defaults).intro.paragraphs).toEqual(pages.home.intro.paragraphs.flatMap(plain));
    expect(pageData.home(defaults).hero).toEqual(pages.home.hero);
    expect(pageData.about(defaults).story.paragraphs).toEqual(pages.about.story.paragraphs.flatMap(plain));
    expect(pageData.contact(defaults).faq.items.map((i) => i.answer)).toEqual(
      pages.faq.items.map((i) => plain(i.answer)),
    );
    expect(pageData.privateEvents(defaults).events.map((e) => e.description)).toEqual(
      pages.privateEvents.events.map((e) => plain(e.description)),
    );
    expect(pageData.gallery(defaults).photos).toEqual(
      defaults.gallery.map((p) => ({ id: p.id, alt: p.alt, image: p.image })),
    );
  });

  it('testimonials: hidden ones are left out, the chef’s order is kept, an uploaded portrait is a Storage address', () => {
    const [a, b, c] = defaults.testimonials;
    const content: SiteContent = {
      ...defaults,
      testimonials: [{ ...c!, photo: 'testimonials/ada lovelace.jpg' }, { ...a!, hidden: true }, b!],
    };
    const shown = pageData.testimonials(content).testimonials;
    expect(shown.map((t) => t.id)).toEqual([c!.id, b!.id]);
    const at = (w: number) => `/storage/v1/render/image/public/site-photos/testimonials/ada%20lovelace.jpg?width=${w}`;
    expect([shown[0]!.src, shown[0]!.srcSet]).toEqual([
      at(960),
      `${at(320)} 320w, ${at(640)} 640w, ${at(960)} 960w, ${at(1280)} 1280w`,
    ]);
    expect(shown[1]!.src).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain('hidden');
  });

  it('the gallery keeps its order; an uploaded photo is shown from Storage', () => {
    const content: SiteContent = {
      ...defaults,
      gallery: [
        { id: 'up', photo: 'gallery/5b0f.webp', alt: 'Uploaded' },
        { id: 'g2', image: defaults.gallery[1]!.image, alt: 'Second' },
      ],
    };
    const render = '/storage/v1/render/image/public/site-photos/gallery/5b0f.webp';
    expect(pageData.gallery(content).photos).toEqual([
      {
        id: 'up',
        alt: 'Uploaded',
        image: undefined,
        src: `${render}?width=960`,
        srcSet: [320, 640, 960, 1280].map((w) => `${render}?width=${w} ${w}w`).join(', '),
      },
      { id: 'g2', alt: 'Second', image: defaults.gallery[1]!.image },
    ]);
  });

  it('hostile text becomes inert nodes: raw HTML as text, a javascript: link as its text alone', () => {
    const content: SiteContent = {
      ...defaults,
      pages: {
        ...defaults.pages,
        about: {
          ...defaults.pages.about,
          story: {
            ...defaults.pages.about.story,
            paragraphs: ['<img src=x onerror=alert(1)> [go](javascript:alert(1))'],
          },
        },
      },
    };
    expect(pageData.about(content).story.paragraphs).toEqual([
      { t: 'p', c: ['<img src=x onerror=alert(1)>', ' ', { t: 'span', c: ['go'] }] },
    ]);
  });

  it('a hidden or unknown recipe is a 404', () => {
    const [first] = defaults.recipes;
    const hidden: SiteContent = { ...defaults, recipes: [{ ...first!, hidden: true }, ...defaults.recipes.slice(1)] };
    expect(pageData.recipe(defaults, { recipeId: String(first!.id) }).recipe.id).toBe(first!.id);
    for (const [content, id] of [
      [hidden, String(first!.id)],
      [defaults, '999999'],
    ] as const) {
      let thrown: unknown;
      try {
        pageData.recipe(content, { recipeId: id });
      } catch (error) {
        thrown = error;
      }
      // React Router's data(null, { status: 404 }), which the prerender answers as the 404 page.
      expect((thrown as { init?: { status?: number } } | undefined)?.init?.status).toBe(404);
    }
  });
});
