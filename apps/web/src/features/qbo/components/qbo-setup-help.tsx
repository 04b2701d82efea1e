import { AlertTriangle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';

/** How to register the app with Intuit and what to try when connecting fails (spec 000 §2 QBO Setup). */
export function QboSetupHelp({ redirectUri }: { redirectUri: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Setup Instructions</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-4 text-sm text-slate-700">
            <li>
              <p className="font-medium text-slate-900">1. Create an app</p>
              <p>Create an app with the Accounting scope in the Intuit Developer portal (developer.intuit.com).</p>
            </li>
            <li>
              <p className="font-medium text-slate-900">2. Set the redirect URI</p>
              <p>Add this redirect URI to the app's keys, exactly as shown:</p>
              <code className="mt-1 block rounded bg-slate-100 px-2 py-1 text-xs break-all text-slate-800">
                {redirectUri}
              </code>
            </li>
            <li>
              <p className="font-medium text-slate-900">3. Configure the credentials</p>
              <p>
                Put the client ID and secret in the environment configuration:{' '}
                <code className="text-xs">QBO_CLIENT_ID</code>, <code className="text-xs">QBO_CLIENT_SECRET</code>,{' '}
                <code className="text-xs">QBO_ENVIRONMENT</code> (sandbox or production), then restart the application.
              </p>
            </li>
            <li>
              <p className="font-medium text-slate-900">4. Run the authorization</p>
              <p>Press Start OAuth Authorization, sign in to QuickBooks, choose the company and approve.</p>
            </li>
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertTriangle aria-hidden className="size-4 text-orange-500" /> Troubleshooting
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>
              If the authorization page does not open, allow popups and redirects for this site, and make sure the
              redirect URI matches exactly.
            </li>
            <li>
              If QuickBooks rejects the request, verify the client ID, the client secret and the redirect URI in the
              environment configuration.
            </li>
            <li>If calls fail with expired or invalid tokens, refresh the token or run the authorization again.</li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
