import { describe, expect, it } from 'vitest';
import { signalStatusLabel } from './signals-table.tsx';

describe('signalStatusLabel', () => {
  it('says queued, then processing, while a batch pushes a failed signal again, and the failure otherwise', () => {
    const failed = { status: 'failed_push', dismissed_at: null } as const;
    expect(signalStatusLabel({ ...failed, activity: 'queued' }, 'HubSpot')).toBe('Queued');
    expect(signalStatusLabel({ ...failed, activity: 'processing' }, 'HubSpot')).toBe('Processing');
    expect(signalStatusLabel({ ...failed, activity: null }, 'HubSpot')).toBe('Push failed');
    expect(signalStatusLabel({ status: 'pushed_to_hubspot', dismissed_at: null, activity: null }, 'HubSpot')).toBe(
      'Pushed to HubSpot',
    );
  });
});
