import type { LiveMessage } from '@mining-hub/contract/live';

/** Topics this process remembers; a topic forgotten beyond this starts over at 1, which clients accept. */
const MAX_TOPICS = 10_000;

/** Who a message is for, as the topic names it (same shape as the bus's LiveAudience). */
type Audience = { userId: number } | 'all';

/** Messages modules publish; the hub's own (service status, resync) are not numbered. */
type PublishedMessage = Exclude<LiveMessage, { type: 'service_status' | 'resync' }>;

/** What a message is about, for its sequence: a fetch session, a batch, or the kind of list it refreshes. */
function subjectOf(message: PublishedMessage): string {
  switch (message.type) {
    case 'progress_update':
      return `fetch:${message.session_id}`;
    case 'batch_progress':
      return `batch:${message.batch_session_id}`;
    case 'article_status_update':
    case 'article_updated':
    case 'articles_updated':
      return 'articles';
    case 'stats_updated':
      return 'stats';
    case 'notifications_updated':
      return 'notifications';
    case 'watch_run_updated':
      return 'watches';
    case 'evaluation_progress':
      return `evaluation:${message.run_id}`;
  }
}

/**
 * Numbers the messages one process publishes, per topic: publisher, audience and subject. Each process
 * numbers its own, so no numbering is shared between processes; a client tracks each topic on its own.
 */
export function createTopicSequencer(instanceId: string, maxTopics = MAX_TOPICS) {
  const publisher = instanceId.slice(0, 8);
  const lastSeq = new Map<string, number>();
  return {
    /** The message with its `topic` and next `seq`; unnumbered kinds are returned as they are. */
    stamp(audience: Audience, message: LiveMessage): LiveMessage {
      if (message.type === 'service_status' || message.type === 'resync') return message;
      const topic = `${publisher}/${audience === 'all' ? 'all' : `u${audience.userId}`}/${subjectOf(message)}`;
      const seq = (lastSeq.get(topic) ?? 0) + 1;
      // Re-inserted so that the Map's order is least recently used first.
      lastSeq.delete(topic);
      lastSeq.set(topic, seq);
      if (lastSeq.size > maxTopics) lastSeq.delete(lastSeq.keys().next().value ?? topic);
      return { ...message, topic, seq };
    },
  };
}
