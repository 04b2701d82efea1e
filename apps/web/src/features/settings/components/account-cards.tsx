import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZChangePasswordFormSchema,
  ZUpdateProfileRequestSchema,
  type TChangePasswordForm,
  type TUpdateProfileRequest,
} from '@phone-billing/api/schemas';
import { useForm } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { NewPasswordFields, PasswordField, registeredField, TextField } from '../../../components/text-field';
import { useAuthStore } from '../../../lib/auth-store';
import { useChangePassword } from '../api/change-password';
import { useUpdateProfile } from '../api/update-profile';

/** Display name (editable) and account e-mail (read-only). */
export function ProfileCard() {
  const user = useAuthStore((state) => state.user);
  const updateProfile = useUpdateProfile();
  const form = useForm<TUpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequestSchema),
    defaultValues: { name: user?.name ?? '' },
  });

  return (
    <FormCard
      title="Profile Information"
      submitLabel="Save Profile"
      form={form}
      onSubmit={(values) => updateProfile.mutateAsync(values)}
    >
      <TextField label="Display name" id="profile-name" autoComplete="name" {...registeredField(form, 'name')} />
      <TextField
        label="Account email"
        id="profile-email"
        hint="Your e-mail cannot be changed here."
        value={user?.email ?? ''}
        readOnly
        disabled
      />
    </FormCard>
  );
}

/** Current, new and confirmation; this session stays, the user's other sessions are signed out (Security). */
export function PasswordCard() {
  const changePassword = useChangePassword();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (values: TChangePasswordForm) => {
    await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    form.reset();
  };

  return (
    <FormCard title="Change Password" submitLabel="Update Password" form={form} onSubmit={onSubmit}>
      <PasswordField
        label="Current password"
        id="current-password"
        autoComplete="current-password"
        {...registeredField(form, 'currentPassword')}
      />
      <NewPasswordFields
        form={form}
        names={['newPassword', 'confirmPassword']}
        ids={['new-password', 'confirm-password']}
        confirmLabel="Confirm new password"
      />
    </FormCard>
  );
}
