import { ExternalLink } from 'lucide-react';
import { site } from '@content/site.ts';
import { watchPage } from '@content/videos.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { buttonClass } from '~/components/ui/button.tsx';
import { LatestVideos } from './latest-videos.tsx';
import { WatchMarquee } from './watch-marquee.tsx';

/** /watch-{slug}: marquee, the channel's videos and Subscribe on YouTube. */
export function WatchPage() {
  return (
    <>
      <PageBackground image="bgWatch" opacity="soft" />
      <WatchMarquee text={watchPage.marquee} />
      <PageHeading
        eyebrow={watchPage.eyebrow}
        title={watchPage.title}
        lead={watchPage.lead}
        className="pt-40 sm:pt-44"
      />
      <div className="mx-auto w-full max-w-6xl px-5 pb-24 sm:px-8">
        <div className="mb-10 flex justify-center">
          <a href={site.channelUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
            {watchPage.subscribe}
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <LatestVideos />
      </div>
    </>
  );
}
