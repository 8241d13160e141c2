/** The videos feature's public entry: the latest-videos block that /home shows. */
export { LatestVideos } from './latest-videos.tsx';
