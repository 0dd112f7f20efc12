import { readFeedPage, type FeedPage, type FeedToRead } from './rss-source.ts';

/** Piscina runs the default export of this file on its thread for each fetched feed (feed-reader.ts). */
export default function read(feed: FeedToRead): FeedPage {
  return readFeedPage(feed);
}
