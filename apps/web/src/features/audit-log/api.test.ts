import { AUDIT_ACTIONS } from '@mining-hub/contract/audit';
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditSearchParams } from './api.ts';
import { AUDIT_ACTION_LABELS } from './audit-labels.ts';

describe('auditSearchParams', () => {
  it('sends the page and its size, and only the filters in use', () => {
    expect(auditSearchParams({ page: 3, action: '', actor: '  ' }).toString()).toBe(
      `page=3&page_size=${AUDIT_PAGE_SIZE}`,
    );
    expect(auditSearchParams({ page: 1, action: 'user_disabled', actor: ' Ada@ ' }).toString()).toBe(
      `page=1&page_size=${AUDIT_PAGE_SIZE}&action=user_disabled&actor=Ada%40`,
    );
  });
});

describe('AUDIT_ACTION_LABELS', () => {
  it('gives every action its own label', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });
});
