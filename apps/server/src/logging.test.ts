import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../test/processes.ts';
import { createLogger, formatLogLine } from './logging.ts';

const LINE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{3} - [\w.-]+ - (DEBUG|INFO|WARNING|ERROR|CRITICAL) - /;

describe('log format', () => {
  it('formats an entry as `YYYY-MM-DD HH:MM:SS,mmm - logger - LEVEL - message`', () => {
    const date = new Date(2025, 0, 2, 3, 4, 5, 6);
    expect(formatLogLine(date, 'auth', 'WARNING', 'hello')).toBe('2025-01-02 03:04:05,006 - auth - WARNING - hello');
  });

  it('writes every level to app.log with the level words the log viewer reads, stack traces below their entry', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-log-'));
    const { logger, close } = createLogger({ logDir, level: 'debug', stdout: false });
    const auth = logger.child({ name: 'auth' });
    auth.debug('debugging');
    auth.info('signed in');
    auth.warn({ attempts: 3 }, 'slow down');
    auth.error({ err: new Error('boom\nsecond line') }, 'failed');
    auth.fatal('gone');
    await close();
    const lines = fs.readFileSync(path.join(logDir, 'app.log'), 'utf8').trimEnd().split('\n');
    const entries = lines.filter((line) => LINE.test(line));
    expect(entries.map((line) => line.split(' - ').slice(1, 3).join(' '))).toEqual([
      'auth DEBUG',
      'auth INFO',
      'auth WARNING',
      'auth ERROR',
      'auth CRITICAL',
    ]);
    expect(entries[2]).toMatch(/ - slow down \{"attempts":3\}$/);
    expect(entries[3]).toMatch(/ - failed: boom second line$/);
    const stackStart = lines.indexOf(entries[3] ?? '') + 1;
    expect(lines[stackStart]).toMatch(/^\s+at /);
    expect(lines.at(-1)).toBe(entries[4]);
  });

  it('drops a line logged after close instead of ending the process with a write-after-end error', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-log-'));
    const { logger, close } = createLogger({ logDir, level: 'info', stdout: false });
    logger.info('before close');
    const closing = close();
    // While the file is being closed: unguarded, the stream emits 'error' with no listener, which is an
    // uncaught exception (a late request's error line took the server down at shutdown this way).
    logger.error('after close');
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = fs.readFileSync(path.join(logDir, 'app.log'), 'utf8');
    expect(text).toContain('before close');
    expect(text).not.toContain('after close');
  });

  it('rotates by size and keeps a bounded number of files', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-log-'));
    const { logger, close } = createLogger({
      logDir,
      level: 'info',
      stdout: false,
      maxFileBytes: 20 * 1024,
      keepFiles: 2,
    });
    for (let i = 0; i < 2000; i++) logger.info(`line ${i} ${'x'.repeat(60)}`);
    await close();
    // The last rotation may still be renaming files after the stream ends: wait for the listing to settle.
    const expected = ['app.1.log', 'app.2.log', 'app.log'];
    const listing = () => fs.readdirSync(logDir).sort();
    const files = await until(
      'the rotated files',
      async () => (listing().join() === expected.join() ? listing() : undefined),
      5_000,
    ).catch(listing);
    expect(files).toEqual(expected);
    for (const file of files) expect(fs.statSync(path.join(logDir, file)).size).toBeLessThan(40 * 1024);
  });
});
