// The simulated Intuit consent page. Its form posts back to the path it was served from
// (a relative action), so it works wherever the simulator is mounted, e.g. under /sim/qbo.

export type AuthorizeRequest = {
  clientId: string;
  redirectUri: string;
  responseType: string;
  scope: string;
  state: string | null;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function authorizePageHtml(request: AuthorizeRequest, companyName: string, formAction: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect to QuickBooks (simulated)</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1f2937">
<p style="color: #1b6e12; font-weight: 700">intuit quickbooks &middot; simulator</p>
<h1 style="font-size: 1.4rem">Connect your QuickBooks company</h1>
<p>An app wants to read and write accounting data of <strong>${escapeHtml(companyName)}</strong>.</p>
<p style="font-size: 0.9rem; color: #6b7280">Scope: ${escapeHtml(request.scope)}<br>Redirects to: ${escapeHtml(request.redirectUri)}</p>
<form method="post" action="${escapeHtml(formAction)}">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('response_type', request.responseType)}
${hidden('scope', request.scope)}
${request.state === null ? '' : hidden('state', request.state)}
<button id="approve" name="decision" value="approve" type="submit" style="background: #1b6e12; color: white; border: 0; padding: 0.6rem 1.4rem; border-radius: 4px; font-size: 1rem">Approve</button>
<button id="deny" name="decision" value="deny" type="submit" style="margin-left: 0.5rem; padding: 0.6rem 1.4rem; border-radius: 4px; font-size: 1rem">Deny</button>
</form>
</body>
</html>`;
}

export function errorPageHtml(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`;
}
