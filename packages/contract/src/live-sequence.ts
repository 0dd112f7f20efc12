import type { LiveMessage } from './live.ts';

/**
 * What a live message's sequence number tells the client, against the last one it saw of the same topic:
 * - `in_order`: the next one;
 * - `gap`: one or more before it never arrived (deliver it, and catch up);
 * - `stale`: older than one already delivered (drop it: it would move the page backwards);
 * - `first`: the first of its topic here, or the topic started over at 1 (its publisher forgot it);
 * - `unsequenced`: catch-up and status messages, which carry no number.
 */
export type SequenceVerdict = 'in_order' | 'gap' | 'stale' | 'first' | 'unsequenced';

/** Topics a client remembers; the oldest is forgotten beyond this (a page sees a few dozen). */
const MAX_TOPICS = 2000;

/** The last sequence number seen per topic, for one socket's lifetime. */
export function createSequenceTracker(maxTopics = MAX_TOPICS) {
  const lastSeen = new Map<string, number>();
  return {
    /** Notes a message's place in its topic and says whether anything before it went missing. */
    observe(message: LiveMessage): SequenceVerdict {
      const topic = 'topic' in message ? message.topic : undefined;
      const seq = 'seq' in message ? message.seq : undefined;
      if (topic === undefined || seq === undefined) return 'unsequenced';
      const previous = lastSeen.get(topic);
      if (previous !== undefined && seq <= previous && seq !== 1) return 'stale';
      // Re-inserted so that the Map's order is least recently seen first.
      lastSeen.delete(topic);
      lastSeen.set(topic, seq);
      if (lastSeen.size > maxTopics) lastSeen.delete(lastSeen.keys().next().value ?? topic);
      if (previous === undefined || seq === 1) return 'first';
      return seq === previous + 1 ? 'in_order' : 'gap';
    },
  };
}
export type SequenceTracker = ReturnType<typeof createSequenceTracker>;
