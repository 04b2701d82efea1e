import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { QBO_CALLBACK_REDIRECT_DELAY_MS } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent } from '@phone-billing/ui/card';
import { Spinner } from '@phone-billing/ui/spinner';
import { errorMessage } from '../../../lib/trpc';
import { useCompleteQboAuthorization } from '../api/complete-qbo-authorization';

type CallbackState =
  { phase: 'loading' } | { phase: 'success'; companyName: string | null } | { phase: 'error'; message: string };

/** Where QuickBooks sends the browser back: completes the authorization, then returns to QBO Setup. */
export default function QboCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const completeAuthorization = useCompleteQboAuthorization();
  const [state, setState] = useState<CallbackState>({ phase: 'loading' });
  const denied = params.get('error') === 'access_denied';
  // The state can be spent once: never send the callback twice (React's strict mode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const oauthState = params.get('state') ?? undefined;
    const realmId = params.get('realmId') ?? undefined;
    // Deny on the consent page comes back with error=access_denied instead of a code; the server
    // spends the state and says what happened.
    const error = params.get('error') ?? undefined;
    if (!code && !error) {
      setState({ phase: 'error', message: 'Authorization code not received. Please try again.' });
      return;
    }
    completeAuthorization(code ? { code, state: oauthState, realmId } : { state: oauthState, error })
      .then((answer) => {
        if (!answer.success) {
          setState({ phase: 'error', message: 'Authorization failed. Please try again.' });
          return;
        }
        setState({ phase: 'success', companyName: answer.data.companyName });
      })
      .catch((error: unknown) =>
        setState({
          phase: 'error',
          message: errorMessage(error, 'An error occurred during authorization. Please try again.'),
        }),
      );
    // Runs once per page (the ref guards it); completeAuthorization is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  useEffect(() => {
    if (state.phase !== 'success') return;
    const timer = window.setTimeout(() => navigate('/qbo-setup', { replace: true }), QBO_CALLBACK_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.phase, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          {state.phase === 'loading' ? (
            <>
              <Spinner size="lg" label="Completing authorization" />
              <h1 className="text-lg font-semibold text-slate-900">Connecting to QuickBooks...</h1>
              <p className="text-sm text-slate-500">Completing the authorization, please wait.</p>
            </>
          ) : null}
          {state.phase === 'success' ? (
            <>
              <CheckCircle2 aria-hidden className="size-12 text-green-600" />
              <h1 className="text-lg font-semibold text-slate-900">QuickBooks connected successfully!</h1>
              <p className="text-sm text-slate-600">
                {state.companyName ? `Connected to ${state.companyName}. ` : ''}Redirecting to QBO Setup in 3 seconds...
              </p>
              <Button variant="outline" onClick={() => navigate('/qbo-setup', { replace: true })}>
                Go to QBO Setup now
              </Button>
            </>
          ) : null}
          {state.phase === 'error' ? (
            <>
              <XCircle aria-hidden className="size-12 text-red-500" />
              <h1 className="text-lg font-semibold text-slate-900">
                {denied ? 'Access denied' : 'Authorization failed'}
              </h1>
              <p role="alert" className="text-sm text-red-700">
                {state.message}
              </p>
              <Button onClick={() => navigate('/qbo-setup', { replace: true })}>Back to QBO Setup</Button>
            </>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
