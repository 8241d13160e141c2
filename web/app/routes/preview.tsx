import { PreviewPage } from '~/features/preview/preview-page.tsx';

/** Where the console's Preview button leads: built in the browser only, never indexed nor cached. */
export const meta = () => [
  { title: 'Preview' },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function Preview() {
  return <PreviewPage />;
}
