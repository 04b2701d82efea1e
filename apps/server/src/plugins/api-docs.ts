import type { FastifyInstance } from 'fastify';

/** A self-contained docs page (no CDN): every REST path with its method, summary and permission. */
export async function apiDocsPlugin(app: FastifyInstance) {
  app.get('/api/docs', async (_request, reply) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; description?: string }>>;
    };
    const rows = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) =>
            `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>/api/v1${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td><td>${escapeHtml(operation.description ?? '')}</td></tr>`,
        ),
      )
      .join('\n');
    return reply.type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Phone Billing API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem .6rem;text-align:left;font-size:14px}code.m{font-weight:600}.get{color:#2563eb}.post{color:#16a34a}.put,.patch{color:#ca8a04}.delete{color:#dc2626}</style></head>
<body><h1>Phone Billing REST API</h1>
<p>Base path <code>/api/v1</code>. Authenticate with the session cookie from <code>POST /api/v1/auth/sign-in</code>, or with <code>Authorization: Bearer &lt;API token&gt;</code> (create one under Settings). Every answer is JSON: <code>{"success": true, ...}</code> or a non-2xx status with <code>{"success": false, "error", "message", "errors"?}</code>. Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Permission</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
