// The sign-in and set-password forms' validation: zod and the API's schemas, a chunk of its own
// that the forms fetch when first used (lib/lazy-resolver.ts), so the login page loads without it.
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSetupPasswordFormSchema, ZSignInRequestSchema } from '@phone-billing/api/schemas';

export const signInResolver = zodResolver(ZSignInRequestSchema);
export const setupPasswordResolver = zodResolver(ZSetupPasswordFormSchema);
