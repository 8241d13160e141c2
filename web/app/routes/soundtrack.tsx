import { site } from '@content/site.ts';
import { soundtrack } from '@content/soundtrack.ts';
import { isoDuration } from '~/features/products/iso-duration.ts';
import { SoundtrackPage } from '~/features/products/soundtrack-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () =>
  pageMeta('soundtrack', {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'MusicAlbum',
        name: soundtrack.albumTitle,
        byArtist: { '@type': 'Person', name: site.chefName },
        numTracks: soundtrack.tracklist.tracks.length,
        track: soundtrack.tracklist.tracks.map((t) => ({
          '@type': 'MusicRecording',
          name: t.title,
          duration: isoDuration(t.duration),
        })),
      },
    ],
  });

export default function Soundtrack() {
  return <SoundtrackPage />;
}
