import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import type { Watch } from '@mining-hub/contract/watches';
import { describe, expect, it } from 'vitest';
import { describeInterval, draftOf, EMPTY_DRAFT, requestOf } from './watch-draft.ts';

describe('watch draft', () => {
  it('becomes the request the API takes, and back', () => {
    const result = requestOf({
      ...EMPTY_DRAFT,
      name: ' Copper and gold ',
      commodity: ['Cu', 'Au'],
      country: 'CA',
      interval: '5',
      threshold: '',
      emails: 'a@example.com, b@example.com;c@example.com',
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toMatchObject({
      name: 'Copper and gold',
      interval_minutes: 5,
      push_min_intent: null,
      webhook_url: null,
      email_to: ['a@example.com', 'b@example.com', 'c@example.com'],
      enabled: true,
    });
    const filters = fetchNewsRequestSchema.parse(result.value.filters);
    expect(filters).toMatchObject({ dateRange: 1, commodity: ['Cu', 'Au'], country: 'CA' });
    const watch: Watch = {
      id: 1,
      owner_id: 1,
      ...result.value,
      filters,
      push_min_intent: null,
      webhook_url: null,
      webhook_format: 'generic',
      my_accounts: false,
      email_to: ['a@example.com'],
      enabled: true,
      interval_minutes: 5,
      created_at: '',
      updated_at: '',
      next_run_at: null,
      last_run: null,
    };
    expect(draftOf(watch)).toMatchObject({
      name: 'Copper and gold',
      threshold: '',
      interval: '5',
      emails: 'a@example.com',
    });
  });

  it('says what is wrong before sending', () => {
    const problem = (changes: Partial<typeof EMPTY_DRAFT>) => {
      const result = requestOf({ ...EMPTY_DRAFT, name: 'W', ...changes });
      return result.ok ? null : result.message;
    };
    expect(problem({ name: '  ' })).toBe('Give the watch a name.');
    expect(problem({ interval: '0' })).toContain('1 to 1440');
    expect(problem({ interval: '1441' })).toContain('1 to 1440');
    expect(problem({ webhook: 'ftp://x' })).toContain('http(s)');
    expect(problem({ emails: 'nobody' })).toBe('Not an e-mail address: nobody');
    expect(problem({ emails: Array.from({ length: 21 }, (_, i) => `r${i}@x.io`).join(',') })).toContain('20');
    expect(problem({})).toBeNull();
  });

  it('describes schedules briefly', () => {
    expect(describeInterval(15)).toBe('every 15 min');
    expect(describeInterval(120)).toBe('every 2 h');
    expect(describeInterval(1440)).toBe('daily');
  });
});
