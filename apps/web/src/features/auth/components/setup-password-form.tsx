import type { TSetupPasswordForm } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Spinner } from '@phone-billing/ui/spinner';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/text-field';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { errorMessage } from '../../../lib/trpc';
import { useSetupLink } from '../api/get-setup-link';
import { useSetUpPassword } from '../api/set-up-password';

const setupPasswordValidation = lazyResolver(() =>
  import('./form-resolvers').then((module) => module.setupPasswordResolver),
);

/**
 * "Choose your password" for a one-time link: a new account's setup link (/login?setup=<token>)
 * or an administrator's reset link (/login?reset=<token>). Signs the user in.
 */
export function SetupPasswordForm({ token, purpose }: { token: string; purpose: 'setup' | 'reset' }) {
  const navigate = useNavigate();
  const link = useSetupLink(token);
  const setupPassword = useSetUpPassword();
  const form = useForm<TSetupPasswordForm>({
    resolver: setupPasswordValidation.resolver,
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await setupPassword.mutateAsync({ token, password: values.password });
      toast.success('Password set. Welcome!');
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to set your password'));
    }
  });

  return (
    <div className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">
        {purpose === 'setup' ? 'Choose your password' : 'Choose a new password'}
      </h2>
      {link.isLoading ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : link.error ? (
        <div className="mt-4 space-y-4">
          <Alert tone="error">{errorMessage(link.error, 'This setup link cannot be used.')}</Alert>
          <Link to="/login" className="text-sm font-medium text-blue-700 hover:underline">
            Go to sign in
          </Link>
        </div>
      ) : (
        <form
          className="mt-4 space-y-5"
          onSubmit={onSubmit}
          onFocus={setupPasswordValidation.preload}
          noValidate
          aria-label="Choose your password"
        >
          <p className="text-sm text-slate-600">
            Setting the password for <span className="font-medium">{link.data?.data.email}</span>. This link works once.
          </p>
          <NewPasswordFields
            form={form}
            names={['password', 'confirmPassword']}
            ids={['setup-password', 'setup-confirm']}
            confirmLabel="Confirm password"
          />
          <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
            Set password and sign in
          </Button>
        </form>
      )}
    </div>
  );
}
