import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown for routing failures (spec 000 §2): 'Unexpected Application Error!' with the status or message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? 'Unknown error');
  return (
    <main className="mx-auto mt-24 max-w-xl rounded-lg border border-red-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-red-700">Unexpected Application Error!</h1>
      <p className="mt-3 font-mono text-sm text-slate-700">{detail}</p>
      <a href="/" className="mt-6 inline-block text-sm font-medium text-blue-600 hover:underline">
        Back to the dashboard
      </a>
    </main>
  );
}
