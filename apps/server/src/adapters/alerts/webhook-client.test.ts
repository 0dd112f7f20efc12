import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './webhook-client.ts';

const none = { allowedOrigins: [] };

describe('webhookUrlProblem', () => {
  it.each([
    ['http://127.0.0.1:9000/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://10.1.2.3/hook', /10\.1\.2\.3 is a private address/],
    ['http://192.168.0.10/hook', /private address/],
    ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is a linkLocal address/],
    ['http://[fd00:ec2::254]/latest/meta-data', /fd00:ec2::254 is a uniqueLocal address/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback address/],
    // IPv6 spellings that embed a private IPv4 address.
    ['http://[::127.0.0.1]/hook', /::7f00:1 is a loopback address/],
    ['http://[0:0:0:0:0:0:10.0.0.1]/hook', /private address/],
    ['http://[::169.254.169.254]/latest/meta-data', /linkLocal address/],
    ['http://[::ffff:0:127.0.0.1]/hook', /rfc6145 address/],
    ['http://[64:ff9b::10.0.0.1]/hook', /rfc6052 address/],
    ['http://[2002:7f00:1::]/hook', /6to4 address/],
    ['http://[::2]/hook', /unspecified address/],
    ['http://0.0.0.0/hook', /unspecified address/],
    ['http://localhost:9000/hook', /localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
  ])('refuses %s, which is or resolves to a private address', async (url, reason) => {
    const problem = await webhookUrlProblem(url, none);
    expect(problem).toMatch(reason);
    expect(problem).toContain('ALLOWED_PRIVATE_ORIGINS');
  });

  it('refuses what is not an http(s) URL', async () => {
    expect(await webhookUrlProblem('ftp://example.com/hook', none)).toBe('must be an http(s) URL, not ftp:');
    expect(await webhookUrlProblem('file:///etc/passwd', none)).toBe('must be an http(s) URL, not file:');
    expect(await webhookUrlProblem('not a url', none)).toBe('not a valid URL');
  });

  it('accepts a public address, and a private one whose origin the operator allowed', async () => {
    expect(await webhookUrlProblem('https://93.184.215.14/services/T000/B000/XXXX', none)).toBeNull();
    const allowed = { allowedOrigins: ['http://127.0.0.1:9000', 'http://localhost:9000'] };
    expect(await webhookUrlProblem('http://127.0.0.1:9000/hook', allowed)).toBeNull();
    expect(await webhookUrlProblem('http://localhost:9000/hook', allowed)).toBeNull();
    // Another port of an allowed host is another origin.
    expect(await webhookUrlProblem('http://127.0.0.1:9001/hook', allowed)).toMatch(/loopback/);
  });
});
