import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../test/server';
import { generateSecretToken, hashToken } from './auth/tokens';
import { SEED_ROLES } from './permissions';
import { appRouter } from './root';
import type { AppMeta, ProcedureAccess } from './trpc';

/**
 * Walks the whole router, including procedures added after this test was written: every
 * procedure declares who may call it, and every REST path answers 401 without a session, 403
 * (naming the permission) for a seed role without it, and neither 401, 403 nor 5xx otherwise.
 */

interface WalkedProcedure {
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  access: ProcedureAccess | undefined;
  openapi?: { method: string; path: string };
}

// At run time `_def.procedures` is flat: "area.procedure" → procedure.
const procedures: WalkedProcedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta; type: WalkedProcedure['type'] } }>,
)
  .map(([name, procedure]) => ({
    name,
    type: procedure._def.type,
    access: procedure._def.meta?.access,
    openapi: procedure._def.meta?.openapi,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
const restProcedures = procedures.filter((procedure) => procedure.openapi);

function restPath(path: string): string {
  return `/api/v1${path.replace(/\{[^}]+\}/g, () => randomUUID())}`;
}

async function call(client: RestClient, procedure: WalkedProcedure) {
  const { method, path } = procedure.openapi!;
  const url = restPath(path);
  // Minimal input: nothing in the query, an empty JSON object as the body.
  return method === 'GET' ? client.get(url) : client.request(method, url, {});
}

let server: TestServer;
const clients = new Map<string, RestClient>();

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.server.services;
  // A user and an API token per seed role; a token keeps the walk from signing itself out.
  for (const seed of SEED_ROLES) {
    const role = await db.role.findUniqueOrThrow({ where: { name: seed.name } });
    const user = await db.user.create({
      data: { email: `walk-${seed.name}@example.com`, roles: { create: [{ roleId: role.id }] } },
    });
    const token = generateSecretToken();
    await db.apiToken.create({ data: { userId: user.id, name: 'router walk', tokenHash: hashToken(token) } });
    clients.set(seed.name, server.anonymous().withBearer(token));
  }
});
afterAll(() => server?.stop());

describe('every procedure declares its access', () => {
  it('finds the procedures of every area', () => {
    expect(procedures.length).toBeGreaterThan(10);
    expect(procedures.map((p) => p.name)).toEqual(
      expect.arrayContaining(['auth.signIn', 'accessControl.listUsers', 'settings.update', 'accessControl.auditLog']),
    );
  });

  it.each(procedures.map((p) => [p.name, p] as const))('%s has meta.access', (_name, procedure) => {
    expect(
      procedure.access,
      `${procedure.name} must be built from publicProcedure, protectedProcedure or permissionProcedure`,
    ).toBeDefined();
    if (typeof procedure.access === 'object') expect(procedure.access.anyOf.length).toBeGreaterThan(0);
  });
});

describe('REST enforcement', () => {
  it.each(restProcedures.map((p) => [`${p.openapi!.method} ${p.openapi!.path} (${p.name})`, p] as const))(
    '%s',
    async (_label, procedure) => {
      // The four callers are independent users, so ask at once.
      const [anonymous, ...answers] = await Promise.all([
        call(server.anonymous(), procedure),
        ...SEED_ROLES.map((seed) => call(clients.get(seed.name)!, procedure)),
      ]);
      if (procedure.access === 'public') {
        expect(anonymous.status, `public ${procedure.name} without a session`).not.toBe(401);
        expect(anonymous.status, `public ${procedure.name} without a session`).toBeLessThan(500);
      } else {
        expect(anonymous.status, `${procedure.name} without a session`).toBe(401);
        expect(anonymous.body).toMatchObject({ success: false });
      }

      for (const [index, seed] of SEED_ROLES.entries()) {
        const answer = answers[index]!;
        const access = procedure.access;
        const allowed =
          access === 'public' ||
          access === 'signed-in' ||
          (typeof access === 'object' && access.anyOf.some((p) => (seed.permissions as string[]).includes(p)));
        const label = `${procedure.name} as ${seed.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(answer.status);
          expect(answer.status, label).toBeLessThan(500);
        } else {
          expect(answer.status, label).toBe(403);
          expect(answer.body.success, label).toBe(false);
          for (const permission of (access as { anyOf: string[] }).anyOf)
            expect(answer.body.error, label).toContain(permission);
        }
      }
    },
  );
});

/** The same procedure over /trpc, as the web app calls it (no input). */
async function callTrpc(client: RestClient, procedure: WalkedProcedure) {
  return procedure.type === 'query'
    ? client.get(`/trpc/${procedure.name}`)
    : client.request('POST', `/trpc/${procedure.name}`, {});
}

function trpcMessage(body: { error?: { message?: string } } | null): string {
  return body?.error?.message ?? '';
}

describe('tRPC enforcement (the transport the web app uses)', () => {
  // Anonymous callers and roles without the permission are refused before anything runs, so this
  // is safe for every procedure; procedures without a REST path also get the allowed-role check.
  it.each(procedures.filter((p) => p.type !== 'subscription').map((p) => [p.name, p] as const))(
    '%s',
    async (_name, procedure) => {
      const access = procedure.access;
      if (access !== 'public') {
        const anonymous = await callTrpc(server.anonymous(), procedure);
        expect(anonymous.status, `${procedure.name} over tRPC without a session`).toBe(401);
      }
      for (const seed of SEED_ROLES) {
        const allowed =
          access === 'public' ||
          access === 'signed-in' ||
          (typeof access === 'object' && access.anyOf.some((p) => (seed.permissions as string[]).includes(p)));
        if (allowed && procedure.openapi) continue;
        const answer = await callTrpc(clients.get(seed.name)!, procedure);
        const label = `${procedure.name} over tRPC as ${seed.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(answer.status);
          expect(answer.status, label).toBeLessThan(500);
        } else {
          expect(answer.status, label).toBe(403);
          for (const permission of (access as { anyOf: string[] }).anyOf)
            expect(trpcMessage(answer.body), label).toContain(permission);
        }
      }
    },
  );
});
