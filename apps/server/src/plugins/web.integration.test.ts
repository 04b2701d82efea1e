// How the built web app travels (issue 14): compressed once at build, sent as Brotli or gzip to
// browsers that accept it, hashed assets cached for a year and index.html revalidated each load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  server = await startTestServer({ withWebApp: true });
  distDir = server.server.config.webDistDir!;
});
afterAll(() => server?.stop());

/** The raw bytes of a response, without fetch undoing the content encoding. */
async function fetchRaw(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('serving the web app', () => {
  it('needs a built web app', () => {
    expect(distDir, 'build it first: npm run build').toBeTruthy();
  });

  it('sends index.html as Brotli to browsers that take it, revalidated on every load', async () => {
    const indexHtml = readFileSync(path.join(distDir, 'index.html'));
    for (const route of ['/', '/customer-profiles']) {
      const answer = await fetchRaw(`${server.url}${route}`, 'gzip, deflate, br');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).equals(indexHtml)).toBe(true);
    }
  });

  it('sends hashed assets as gzip or as they are, cached for a year', async () => {
    const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const assets = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const original = readFileSync(path.join(distDir, asset));
      const gzipped = await fetchRaw(`${server.url}${asset}`, 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gzipped.body.length).toBeLessThan(original.length / 2);
      expect(gunzipSync(gzipped.body).equals(original)).toBe(true);

      const plain = await fetchRaw(`${server.url}${asset}`, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
  });

  it("answers the web app's data calls (/trpc) compressed for browsers that take it, and as they are otherwise", async () => {
    const admin = await server.admin();
    for (let index = 1; index <= 30; index++) {
      expect(
        (
          await admin.post('/api/v1/customer-profiles', {
            genesysQueueNames: [`Compressed queue ${index}`],
            qboDisplayName: `Compressed Co ${index}`,
            ratePerMinute: '0.05',
          })
        ).status,
      ).toBe(201);
    }
    const token = (await admin.post('/api/v1/auth/tokens', { name: 'compression' })).body.data.token as string;
    const call = `${server.url}/trpc/customerProfiles.list?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 50 }))}`;
    const auth = { authorization: `Bearer ${token}` };

    const plain = await fetchRaw(call, 'identity', auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).result.data.data).toHaveLength(30);

    const brotli = await fetchRaw(call, 'gzip, deflate, br', auth);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzipped = await fetchRaw(call, 'gzip', auth);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });
});
