import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateUserRequestSchema } from '@phone-billing/api/schemas';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { PasswordField, registeredField, TextField } from '../../../components/text-field';
import { useCreateUser } from '../api/create-user';
import type { AccessRole } from '../api/get-access-data';
import { ChoiceList } from './choice-list';
import { OneTimeLink } from './one-time-link';

const ONE_TIME_LINK_HINT =
  'Optional, at least 8 characters. Leave blank to get a one-time link (valid 72 hours) with which they choose their own.';

type UserForm = { email: string; name: string; password: string; roleIds: string[] };

export function AddUserForm({ roles }: { roles: AccessRole[] }) {
  const createUser = useCreateUser();
  const [setupLink, setSetupLink] = useState<{ email: string; url: string } | null>(null);
  const form = useForm<UserForm>({
    resolver: zodResolver(ZCreateUserRequestSchema) as unknown as Resolver<UserForm>,
    defaultValues: { email: '', name: '', password: '', roleIds: [] },
  });

  const onSubmit = async (values: UserForm) => {
    const answer = await createUser.mutateAsync({
      email: values.email,
      name: values.name || undefined,
      password: values.password || undefined,
      roleIds: values.roleIds,
    });
    setSetupLink(answer.setupUrl ? { email: answer.user.email, url: answer.setupUrl } : null);
    form.reset();
  };

  return (
    <FormCard
      title="Add New User"
      submitLabel="Add User"
      form={form}
      onSubmit={onSubmit}
      footer={
        setupLink && (
          <OneTimeLink
            title={`One-time setup link for ${setupLink.email}`}
            url={setupLink.url}
            onDismiss={() => setSetupLink(null)}
            testId="setup-link"
          />
        )
      }
    >
      <TextField
        label="Email"
        id="new-user-email"
        type="email"
        autoComplete="off"
        required
        {...registeredField(form, 'email')}
      />
      <TextField
        label="Name"
        id="new-user-name"
        autoComplete="off"
        hint="Optional"
        {...registeredField(form, 'name')}
      />
      <PasswordField
        label="Temporary password"
        id="new-user-password"
        hint={ONE_TIME_LINK_HINT}
        {...registeredField(form, 'password')}
      />
      <ChoiceList
        legend="Roles"
        className="flex flex-wrap gap-x-5 gap-y-2"
        choices={roles.map((role) => ({ value: role.id, label: role.name }))}
        chosen={form.watch('roleIds')}
        onChange={(roleIds) => form.setValue('roleIds', roleIds)}
      />
    </FormCard>
  );
}
