import type { TSignInRequest } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { errorMessage } from '../../../lib/trpc';
import { useSignIn } from '../api/sign-in';
import { SetupPasswordForm } from './setup-password-form';

const signInValidation = lazyResolver(() => import('./form-resolvers').then((module) => module.signInResolver));

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const setupToken = searchParams.get('setup');
  const resetToken = searchParams.get('reset');
  // A one-time link: /login?setup=<token> for a new account, /login?reset=<token> from "Send
  // reset link". Either way the person chooses a password instead of signing in.
  if (setupToken || resetToken) {
    return (
      <LoginFrame
        subtitle={
          setupToken ? 'Welcome! Choose a password for your new account' : 'Choose a new password for your account'
        }
      >
        <SetupPasswordForm token={(setupToken ?? resetToken)!} purpose={setupToken ? 'setup' : 'reset'} />
      </LoginFrame>
    );
  }
  return <SignInScreen />;
}

function LoginFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    // The page's one main landmark: everything on it is inside (axe: landmark-one-main, region).
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-semibold text-slate-900">Phone Billing Dashboard</h1>
        <p className="mt-1 text-center text-sm text-slate-500">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}

/** There is no self-service reset: an administrator sends a one-time link from Access Control. */
function ForgotPassword() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 text-center text-sm">
      <button
        type="button"
        className="font-medium text-blue-700 hover:underline"
        aria-expanded={open}
        aria-controls="forgot-password-help"
        onClick={() => setOpen((shown) => !shown)}
      >
        Forgot password?
      </button>
      {open ? (
        <p id="forgot-password-help" className="mt-2 rounded-md bg-slate-50 p-3 text-left text-slate-700">
          Ask an administrator to send you a password reset link (Access Control → Send reset link). The link works
          once, within 72 hours, and lets you choose a new password here.
        </p>
      ) : null}
    </div>
  );
}

function SignInScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useSignIn();
  const form = useForm<TSignInRequest>({
    resolver: signInValidation.resolver,
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const errors = form.formState.errors;

  if (isAuthenticated) return <Navigate to="/" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      toast.success('Login successful!');
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Login failed. Please try again.'));
    }
  });

  return (
    <LoginFrame subtitle="Sign in to your account">
      <form className="mt-8 space-y-5" onSubmit={onSubmit} onFocus={signInValidation.preload} noValidate>
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" htmlFor="password" error={errors.password?.message}>
          <div className="relative">
            <Input
              id="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="pr-10"
              {...form.register('password')}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-700"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
            >
              {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
            </button>
          </div>
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...form.register('rememberMe')} />{' '}
          Remember me
        </label>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <ForgotPassword />
    </LoginFrame>
  );
}
