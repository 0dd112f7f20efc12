import { describe, expect, it } from 'vitest';
import { requestTargetProblem } from './request-target.ts';

describe('the canonical request target', () => {
  it('lets every ordinary target through, escapes of reserved and non-ASCII characters included', () => {
    for (const target of [
      '/',
      '/dashboard',
      '/api/v1/logs/files',
      '/api/v1/articles/session/0b9c5a4e-3d0c-4a43-9a0b-2f3e1c6d7e8f?page=2&page_size=20',
      '/api/v1/scraper/outputs/json/mining%20projects%2B2026.json',
      '/api/v1/news?search=Kalgoorlie%20gold+%26+copper&country=C%C3%B4te%20d%27Ivoire',
      '/ws',
      '/assets/index-Cb2dmwAG.js',
      '/api/v1/logs/read?q=100%25',
    ]) {
      expect(requestTargetProblem(target), target).toBeUndefined();
    }
  });

  it('refuses every other spelling of a path, saying why', () => {
    const cases: [string, RegExp][] = [
      ['http://127.0.0.1:8000/api/v1/logs/files', /must be a path/],
      ['*', /must be a path/],
      ['/%61pi/v1/logs/files', /needs none/],
      ['/api/%7e', /needs none/],
      ['/api%2Fv1/logs', /separator/],
      ['/api/v1/logs%3Fx', /separator/],
      ['/api/v1/logs%00', /separator or control/],
      ['/api/v1/logs%5c..', /separator/],
      ['/api//v1', /empty segments/],
      ['//api/v1', /empty segments/],
      ['/api/./v1', /\. or \.\./],
      ['/api/v1/..', /\. or \.\./],
      ['/api;x=1/v1', /;parameters/],
      ['/api\\v1', /backslash/],
      ['/api/v1/%zz', /malformed/],
      ['/api/v1/%E0%A4%A', /malformed/],
      ['/api/v1/%ED%A0%80', /malformed/],
      ['/api/v1/%C0%AF', /malformed/],
      ['/api/v1/logs?x=%zz', /Query string has malformed/],
      ['/api/v1/logs?x=%ED%A0%80', /Query string has malformed/],
      ['/api/v1/logs?x=a%00b', /NUL/],
    ];
    for (const [target, problem] of cases) expect(requestTargetProblem(target), target).toMatch(problem);
  });
});
