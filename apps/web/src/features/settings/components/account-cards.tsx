import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZChangePasswordFormSchema,
  ZUpdateProfileRequestSchema,
  type TChangePasswordForm,
  type TUpdateProfileRequest,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useChangePassword } from '../api/change-password';
import { useUpdateProfile } from '../api/update-profile';

/** Display name (editable) and account e-mail (read-only). */
export function ProfileCard() {
  const user = useAuthStore((state) => state.user);
  const updateProfile = useUpdateProfile();
  const form = useForm<TUpdateProfileRequest>({ resolver: zodResolver(ZUpdateProfileRequestSchema), defaultValues: { name: user?.name ?? '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
      toast.success('Profile updated');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update profile'));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Profile Information">
          <FormField label="Display name" htmlFor="profile-name" error={form.formState.errors.name?.message}>
            <Input id="profile-name" autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label="Account email" htmlFor="profile-email" hint="Your e-mail cannot be changed here.">
            <Input id="profile-email" value={user?.email ?? ''} readOnly disabled />
          </FormField>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Current, new and confirmation; this session stays, the user's other sessions are signed out (Security). */
export function PasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast.success('Password updated');
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update password'));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Change Password">
          <FormField label="Current password" htmlFor="current-password" error={errors.currentPassword?.message}>
            <Input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label="New password" htmlFor="new-password" error={errors.newPassword?.message} hint="At least 8 characters">
            <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" htmlFor="confirm-password" error={errors.confirmPassword?.message}>
            <Input id="confirm-password" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Update Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
