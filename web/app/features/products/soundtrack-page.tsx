import { Disc3 } from 'lucide-react';
import { soundtrack } from '@content/soundtrack.ts';
import { Section } from '~/features/marketing/index.ts';
import { PlaceholderButton } from './placeholder-button.tsx';
import { ProductHero } from './product-hero.tsx';
import { Tracklist } from './tracklist.tsx';

/** /soundtrack: hero with Listen Now, the five-track list, the vibe and availability. */
export function SoundtrackPage() {
  const { hero, tracklist, vibe, availability } = soundtrack;
  return (
    <>
      <ProductHero {...hero}>
        <PlaceholderButton toast={soundtrack.toast}>{soundtrack.listenButton}</PlaceholderButton>
      </ProductHero>
      <div className="mx-auto grid w-full max-w-6xl pb-20 md:grid-cols-2">
        <Section copy={{ title: tracklist.title }} align="left" className="py-8 sm:py-10 [&>div:first-child]:mb-6">
          <Tracklist tracks={tracklist.tracks} />
        </Section>
        <div className="flex flex-col">
          <Section copy={{ title: vibe.title }} align="left" className="py-8 sm:py-10 [&>div:first-child]:mb-6">
            <div className="space-y-4 text-sand">
              {vibe.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </Section>
          <section
            aria-labelledby="availability-title"
            className="mx-5 flex gap-4 rounded-2xl border border-gold/30 bg-gold/10 p-6 sm:mx-6"
          >
            <Disc3 aria-hidden className="mt-1 size-7 shrink-0 text-gold" />
            <div>
              <h2 id="availability-title" className="text-xl font-semibold">
                {availability.title}
              </h2>
              <p className="mt-2 text-sand">{availability.text}</p>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
