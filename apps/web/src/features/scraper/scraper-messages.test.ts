import { describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_STATUS } from '../../lib/api-client.ts';
import { actionFailedMessage, deleteFailedMessage, SCRAPER_MESSAGES, ScraperActionError } from './scraper-messages.ts';

const conflict = new ApiError(409, 'A scraper run is already active', {
  detail: 'A scraper run is already active',
  code: 'conflict',
});
const bareServerError = new ApiError(502, 'Server error: 502 Bad Gateway', '<html>Bad gateway</html>');
const offline = new ApiError(NO_RESPONSE_STATUS, 'Network error - cannot reach server', null);

describe('actionFailedMessage', () => {
  it("adds the server's detail (SPEC.md section 8)", () => {
    expect(actionFailedMessage('start', conflict)).toBe('Failed to start scraper: A scraper run is already active');
    expect(actionFailedMessage('pause', new ScraperActionError('No scraper is running'))).toBe(
      'Failed to pause scraper: No scraper is running',
    );
  });

  it('falls back to the generic message when the server gave no detail', () => {
    expect(actionFailedMessage('resume', bareServerError)).toBe('Failed to resume scraper');
    expect(actionFailedMessage('stop', offline)).toBe('Failed to stop scraper');
    expect(actionFailedMessage('start', new ScraperActionError(null))).toBe('Failed to start scraper');
    expect(actionFailedMessage('start', new TypeError('boom'))).toBe('Failed to start scraper');
  });
});

describe('deleteFailedMessage', () => {
  it("names the server's detail or an unknown error", () => {
    expect(
      deleteFailedMessage(new ApiError(400, 'Unknown file', { detail: 'Unknown file', code: 'validation_failed' })),
    ).toBe('Failed to delete file: Unknown file');
    expect(deleteFailedMessage(offline)).toBe('Failed to delete file: Unknown error');
  });
});

describe('SCRAPER_MESSAGES', () => {
  it('asks before deleting a file by its name', () => {
    expect(SCRAPER_MESSAGES.deleteConfirm('projects_20261122.json')).toBe(
      'Are you sure you want to delete projects_20261122.json?',
    );
  });
});
