import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScrapedProject } from '../adapters/project-sources/project-source.ts';
import { CrawlState } from './crawl-state.ts';

const project = (gid: string): ScrapedProject => ({
  gid,
  name: `Project ${gid}`,
  commodities: ['Au'],
  stage: 'Exploration',
  country: 'AU',
  region: 'Western Australia',
  location: null,
  owner: null,
  contacts: [],
  source_url: `http://x/${gid}`,
});

describe('CrawlState', () => {
  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  it('a reopened state continues where the last process stopped, even after a line cut short by a kill', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crawl-state-'));
    const first = CrawlState.open(dir);
    first.completeCountry('AU', ['1', '2', '3']);
    first.addProject(project('1'));
    first.addFailure('2', 'HTTP 500');
    first.completeCountry('NZ', ['4']);
    first.addSkipped({ gid: '4', url: 'http://x/4', reason: 'needs a browser: No Chromium at /nowhere' });
    await appendFile(path.join(dir, 'projects.jsonl'), '{"gid":"3","na'); // killed mid-write

    const second = CrawlState.open(dir);
    expect([...second.countriesCompleted]).toEqual(['AU', 'NZ']);
    expect([...second.gids]).toEqual(['1', '2', '3', '4']);
    expect(second.projects.get('1')?.name).toBe('Project 1');
    expect(second.failures.get('2')).toBe('HTTP 500');
    expect(second.isDone('3')).toBe(false);
    // A page skipped for want of a browser is done for this run: a restart does not fetch it again.
    expect(second.skipped.get('4')).toEqual({
      gid: '4',
      url: 'http://x/4',
      reason: expect.stringContaining('Chromium'),
    });
    expect(second.isDone('4')).toBe(true);
  });

  it('a project that succeeds on a later try is no longer a failure', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crawl-state-'));
    const state = CrawlState.open(dir);
    state.addFailure('7', 'timeout');
    state.addProject(project('7'));
    expect(CrawlState.open(dir).failures.has('7')).toBe(false);
  });
});
