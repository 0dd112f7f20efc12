import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('pin board routes on %s', (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = (await signIn(t)).cookie;
    bob = (await signIn(t)).cookie;
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/pinboard/${url}`,
      headers: { origin: APP_ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('adds, lists, edits and deletes a quick link, each user seeing only their own', async () => {
    const created = await call(alice, 'POST', 'quick-links', {
      label: ' Docs ',
      url: 'https://example.com/docs',
      icon: '📘',
    });
    expect(created.statusCode).toBe(201);
    const link = created.json().data;
    expect(link).toEqual({
      id: expect.any(Number),
      label: 'Docs',
      url: 'https://example.com/docs',
      color: 'blue',
      icon: '📘',
    });

    expect((await call(alice, 'GET', 'quick-links')).json()).toEqual({ success: true, data: [link] });
    expect((await call(bob, 'GET', 'quick-links')).json()).toEqual({ success: true, data: [] });

    const edited = await call(alice, 'PUT', `quick-links/${link.id}`, {
      label: 'Handbook',
      url: 'http://example.org',
      color: 'purple',
      icon: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({
      id: link.id,
      label: 'Handbook',
      url: 'http://example.org',
      color: 'purple',
      icon: null,
    });

    expect((await call(alice, 'DELETE', `quick-links/${link.id}`)).json()).toEqual({ success: true });
    expect((await call(alice, 'GET', 'quick-links')).json().data).toEqual([]);
    expect((await call(alice, 'DELETE', `quick-links/${link.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's quick link and widget ids, changing nothing", async () => {
    const link = (await call(alice, 'POST', 'quick-links', { label: 'Mine', url: 'https://example.com' })).json().data;
    const widget = (
      await call(alice, 'POST', 'widgets', { title: 'Chart', content: 'https://example.com/chart' })
    ).json().data;
    const put = await call(bob, 'PUT', `quick-links/${link.id}`, { label: 'Stolen', url: 'https://evil.example' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ detail: `Quick link ${link.id} not found`, code: 'not_found' });
    expect((await call(bob, 'DELETE', `quick-links/${link.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `widgets/${widget.id}`)).statusCode).toBe(404);
    const links = (await call(alice, 'GET', 'quick-links')).json().data;
    expect(links).toContainEqual(link);
    expect((await call(alice, 'GET', 'widgets')).json().data).toContainEqual(widget);
  });

  it.each([
    [{ label: 'x', url: 'javascript:alert(1)' }, 'body.url'],
    [{ label: 'x', url: 'data:text/html,hi' }, 'body.url'],
    [{ label: '   ', url: 'https://example.com' }, 'body.label'],
    [{ url: 'https://example.com' }, 'body.label'],
    [{ label: 'x'.repeat(101), url: 'https://example.com' }, 'body.label'],
    [{ label: 'x', url: `https://example.com/${'a'.repeat(2100)}` }, 'body.url'],
    [{ label: 'x', url: 'https://example.com', color: 'pink' }, 'body.color'],
    [{ label: 'x', url: 'https://example.com', icon: 'x'.repeat(17) }, 'body.icon'],
  ])('refuses the quick link %j with 400 naming %s and writes nothing', async (payload, field) => {
    const before = (await call(alice, 'GET', 'quick-links')).json().data.length;
    const response = await call(alice, 'POST', 'quick-links', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
    expect((await call(alice, 'GET', 'quick-links')).json().data).toHaveLength(before);
  });

  it('adds widgets of every type with defaults, and deletes them', async () => {
    const iframe = await call(alice, 'POST', 'widgets', { title: 'Prices', content: 'https://example.com/prices' });
    expect(iframe.statusCode).toBe(201);
    expect(iframe.json().data).toMatchObject({ type: 'iframe', size: 'medium', grid_row: 0, grid_col: 0 });
    const custom = await call(alice, 'POST', 'widgets', {
      title: 'Note',
      type: 'custom',
      content: '<b>Hello</b><script>alert(1)</script>',
      size: 'large',
      grid_row: 0,
      grid_col: 0,
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().data).toMatchObject({
      type: 'custom',
      size: 'large',
      content: '<b>Hello</b><script>alert(1)</script>',
    });
    for (const type of ['image', 'video']) {
      expect(
        (await call(alice, 'POST', 'widgets', { title: type, type, content: 'https://example.com/m', size: 'small' }))
          .statusCode,
      ).toBe(201);
    }
    const id = custom.json().data.id;
    expect((await call(alice, 'DELETE', `widgets/${id}`)).json()).toEqual({ success: true });
    expect((await call(alice, 'GET', 'widgets')).json().data.map((w: { id: number }) => w.id)).not.toContain(id);
  });

  it.each([
    [{ title: 'x', type: 'iframe', content: 'javascript:alert(1)' }, 'body.content'],
    [{ title: 'x', type: 'image', content: 'not a url' }, 'body.content'],
    [{ title: '', content: 'https://example.com' }, 'body.title'],
    [{ title: 'x', content: '   ' }, 'body.content'],
    [{ title: 'x', content: 'https://example.com', size: 'huge' }, 'body.size'],
    [{ title: 'x', content: 'https://example.com', type: 'flash' }, 'body.type'],
    [{ title: 'x', type: 'custom', content: 'y'.repeat(20_001) }, 'body.content'],
  ])('refuses the widget %j with 400 naming %s', async (payload, field) => {
    const response = await call(alice, 'POST', 'widgets', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
  });

  it('refuses non-numeric and out-of-range ids with 400', async () => {
    expect((await call(alice, 'DELETE', 'quick-links/abc')).statusCode).toBe(400);
    expect((await call(alice, 'DELETE', 'widgets/99999999999')).statusCode).toBe(400);
    expect((await call(alice, 'DELETE', 'widgets/2147483647')).statusCode).toBe(404);
  });
});
