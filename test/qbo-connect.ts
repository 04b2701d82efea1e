import type { RestClient } from './rest-client';

/**
 * Connects the QuickBooks simulator mounted under /sim/qbo the way QBO Setup does, without a
 * browser: GET /qbo/auth, approve on the consent page, GET /qbo/callback.
 */
export async function connectMountedQuickBooks(admin: RestClient): Promise<void> {
  const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
  const html = await (await fetch(authUrl)).text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    ]),
  );
  const approved = await fetch(new URL('oauth2', authUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(authUrl).origin },
    body: new URLSearchParams({ ...hidden, decision: 'approve' }).toString(),
  });
  const redirect = new URL(approved.headers.get('location')!);
  const params = new URLSearchParams({
    code: redirect.searchParams.get('code') ?? '',
    state: redirect.searchParams.get('state') ?? '',
    realmId: redirect.searchParams.get('realmId') ?? '',
  });
  const callback = await admin.get(`/api/v1/qbo/callback?${params}`);
  if (callback.status !== 200)
    throw new Error(`QuickBooks callback failed: ${callback.status} ${JSON.stringify(callback.body)}`);
}
