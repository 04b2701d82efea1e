import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the schema, about 15 KB gzip) is fetched when the
 * form is first used rather than with the page: `preload` (on the form's first focus) starts the
 * fetch, and validating waits for it. The checks and messages are the schema's own, unchanged.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
) {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed fetch is tried again next time
      throw error;
    }));
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload: () => void preload().catch(() => undefined) };
}
