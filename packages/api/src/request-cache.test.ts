import { describe, expect, it } from 'vitest';
import { profileCountsCacheKey, RequestCache } from './request-cache';

function counter(value: object | null = { name: 'admin' }) {
  let reads = 0;
  return { load: async () => (reads++, value), reads: () => reads };
}

describe('RequestCache', () => {
  it('reads the database every time until it hears announcements', async () => {
    const cache = new RequestCache();
    const source = counter();
    await cache.read('token:a', source.load);
    await cache.read('token:a', source.load);
    expect(source.reads()).toBe(2);
  });

  it('keeps a value for its time limit while listening', async () => {
    let now = 0;
    const cache = new RequestCache({ ttlMs: 5_000, now: () => now });
    cache.setListening(true);
    const source = counter();
    await cache.read('token:a', source.load);
    now = 4_999;
    await cache.read('token:a', source.load);
    expect(source.reads()).toBe(1);
    now = 5_000;
    await cache.read('token:a', source.load);
    expect(source.reads()).toBe(2);
  });

  it('never keeps "unknown": a token created a moment later works at once', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const source = counter(null);
    await cache.read('token:a', source.load);
    await cache.read('token:a', source.load);
    expect(source.reads()).toBe(2);
  });

  it('drops what an announcement names, and every identity on "principals" (settings stay)', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const session = counter();
    const token = counter();
    const settings = counter();
    for (const [key, source] of [
      ['session:s', session],
      ['token:t', token],
      ['settings', settings],
    ] as const)
      await cache.read(key, source.load);

    cache.applyChange('token:t');
    await cache.read('token:t', token.load);
    await cache.read('session:s', session.load);
    expect([token.reads(), session.reads()]).toEqual([2, 1]);

    cache.applyChange('principals');
    await cache.read('token:t', token.load);
    await cache.read('session:s', session.load);
    await cache.read('settings', settings.load);
    expect([token.reads(), session.reads(), settings.reads()]).toEqual([3, 2, 1]);
  });

  it('drops the customer list counts of every filter on "profiles", and nothing else', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const all = counter();
    const active = counter();
    const token = counter();
    const settings = counter();
    const sources = [
      [profileCountsCacheKey('{}'), all],
      [profileCountsCacheKey('{"isActive":true}'), active],
      ['token:t', token],
      ['settings', settings],
    ] as const;
    for (const [key, source] of sources) await cache.read(key, source.load);

    cache.applyChange('profiles');
    for (const [key, source] of sources) await cache.read(key, source.load);
    expect([all.reads(), active.reads(), token.reads(), settings.reads()]).toEqual([2, 2, 1, 1]);
  });

  it('does not keep a value read while a change was announced (it may predate the change)', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const stale = counter();
    await cache.read('token:t', async () => {
      cache.applyChange('token:t');
      return stale.load();
    });
    const fresh = counter();
    await cache.read('token:t', fresh.load);
    expect(fresh.reads()).toBe(1);
  });

  it('forgets everything when it stops listening, and stays out of the way until it listens again', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const source = counter();
    await cache.read('token:t', source.load);
    cache.setListening(false);
    await cache.read('token:t', source.load);
    await cache.read('token:t', source.load);
    expect(source.reads()).toBe(3);
  });

  it('hands out values nobody can change', async () => {
    const cache = new RequestCache();
    cache.setListening(true);
    const user = await cache.read('token:t', async () => ({ permissions: ['billing:view'] }));
    expect(() => user!.permissions.push('system:manage-access')).toThrow();
  });
});
