import { describe, expect, it } from 'vitest';
import type { LiveMessage } from './live.ts';
import { createSequenceTracker } from './live-sequence.ts';

/** A message of `topic`, numbered `seq`. */
const numbered = ({ topic, seq }: { topic: string; seq: number }): LiveMessage => ({
  type: 'stats_updated',
  topic,
  seq,
});

describe('the live sequence tracker', () => {
  it('tells in-order messages, gaps, stale repeats and unsequenced messages apart, per topic', () => {
    const tracker = createSequenceTracker();
    expect(tracker.observe({ type: 'resync' })).toBe('unsequenced');
    expect(tracker.observe(numbered({ topic: 'a', seq: 4 }))).toBe('first'); // joined late: the catch-up covered 1-3
    expect(tracker.observe(numbered({ topic: 'a', seq: 5 }))).toBe('in_order');
    expect(tracker.observe(numbered({ topic: 'b', seq: 1 }))).toBe('first');
    expect(tracker.observe(numbered({ topic: 'a', seq: 8 }))).toBe('gap'); // 6 and 7 never came
    expect(tracker.observe(numbered({ topic: 'a', seq: 7 }))).toBe('stale'); // late: 8 was delivered already
    expect(tracker.observe(numbered({ topic: 'a', seq: 8 }))).toBe('stale');
    expect(tracker.observe(numbered({ topic: 'b', seq: 2 }))).toBe('in_order');
    expect(tracker.observe(numbered({ topic: 'a', seq: 1 }))).toBe('first'); // its publisher started the topic over
    expect(tracker.observe(numbered({ topic: 'a', seq: 2 }))).toBe('in_order');
  });

  it('forgets the least recently seen topic beyond its limit', () => {
    const tracker = createSequenceTracker(2);
    tracker.observe(numbered({ topic: 'a', seq: 1 }));
    tracker.observe(numbered({ topic: 'b', seq: 1 }));
    tracker.observe(numbered({ topic: 'a', seq: 2 })); // a is now the most recent
    tracker.observe(numbered({ topic: 'c', seq: 1 })); // b goes
    expect(tracker.observe(numbered({ topic: 'a', seq: 3 }))).toBe('in_order');
    expect(tracker.observe(numbered({ topic: 'b', seq: 5 }))).toBe('first');
  });

  it('reports a gap exactly when messages were lost, over random streams with drops and late deliveries', () => {
    let seed = 19;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const tracker = createSequenceTracker();
      const topics = ['batch:1', 'articles', 'fetch:9'];
      const published = new Map(topics.map((topic) => [topic, 0]));
      const delivered = new Map<string, number>();
      const late: { topic: string; seq: number }[] = [];
      for (let step = 0; step < 60; step++) {
        const topic = topics[Math.floor(random() * topics.length)] ?? 'articles';
        const seq = (published.get(topic) ?? 0) + 1;
        published.set(topic, seq);
        const roll = random();
        if (roll < 0.15) continue; // lost on the way
        if (roll < 0.25) {
          late.push({ topic, seq }); // overtaken: arrives after later ones
          continue;
        }
        // The naive model: a gap is a number more than one past the last delivered one of the topic.
        const last = delivered.get(topic);
        const expected = last === undefined ? 'first' : seq === last + 1 ? 'in_order' : 'gap';
        expect(tracker.observe(numbered({ topic, seq }))).toBe(expected);
        delivered.set(topic, seq);
        while (late.length > 0 && random() < 0.5) {
          const overtaken = late.shift();
          if (!overtaken) break;
          const lastOfTopic = delivered.get(overtaken.topic);
          if (lastOfTopic !== undefined && overtaken.seq < lastOfTopic && overtaken.seq !== 1)
            expect(tracker.observe(numbered(overtaken))).toBe('stale');
        }
      }
    }
  });
});
