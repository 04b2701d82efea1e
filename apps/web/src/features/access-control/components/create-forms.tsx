import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZCreateActionRequestSchema,
  ZCreateRoleRequestSchema,
  ZCreateUserRequestSchema,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useCreatePermission } from '../api/create-permission';
import { useCreateRole } from '../api/create-role';
import { useCreateUser } from '../api/create-user';
import type { AccessAction, AccessRole } from '../api/get-access-data';
import { OneTimeLink } from './one-time-link';

function toggled(list: string[], value: string, checked: boolean): string[] {
  return checked ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

// ------------------------------------------------------------------------------------ Add New User

type UserForm = { email: string; name: string; password: string; roleIds: string[] };

export function AddUserForm({ roles }: { roles: AccessRole[] }) {
  const createUser = useCreateUser();
  const [setupLink, setSetupLink] = useState<{ email: string; url: string } | null>(null);
  const form = useForm<UserForm>({
    resolver: zodResolver(ZCreateUserRequestSchema) as unknown as Resolver<UserForm>,
    defaultValues: { email: '', name: '', password: '', roleIds: [] },
  });
  const roleIds = form.watch('roleIds');
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await createUser.mutateAsync({
        email: values.email,
        name: values.name || undefined,
        password: values.password || undefined,
        roleIds: values.roleIds,
      });
      setSetupLink(answer.setupUrl ? { email: answer.user.email, url: answer.setupUrl } : null);
      form.reset();
    } catch {
      // The hook's toast said why; the form keeps what was typed.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add New User</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Add New User">
          <FormField label="Email" htmlFor="new-user-email" error={errors.email?.message} required>
            <Input id="new-user-email" type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField label="Name" htmlFor="new-user-name" error={errors.name?.message} hint="Optional">
            <Input id="new-user-name" autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField
            label="Temporary password"
            htmlFor="new-user-password"
            error={errors.password?.message}
            hint="Optional, at least 8 characters. Leave blank to get a one-time link (valid 72 hours) with which they choose their own."
          >
            <Input id="new-user-password" type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Roles</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {roles.map((role) => (
                <Checkbox
                  key={role.id}
                  label={role.name}
                  checked={roleIds.includes(role.id)}
                  onChange={(event) => form.setValue('roleIds', toggled(roleIds, role.id, event.target.checked))}
                />
              ))}
            </div>
          </fieldset>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Add User
          </Button>
        </form>
        {setupLink && <OneTimeLink title={`One-time setup link for ${setupLink.email}`} url={setupLink.url} onDismiss={() => setSetupLink(null)} testId="setup-link" />}
      </CardContent>
    </Card>
  );
}

// ----------------------------------------------------------------------------- Create permission

type ActionForm = { key: string; description: string };

export function CreatePermissionForm() {
  const createAction = useCreatePermission();
  const form = useForm<ActionForm>({ resolver: zodResolver(ZCreateActionRequestSchema), defaultValues: { key: '', description: '' } });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createAction.mutateAsync(values);
      form.reset();
    } catch {
      // The hook's toast said why; the form keeps what was typed.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Permission</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Create Permission">
          <FormField label="Permission key" htmlFor="permission-key" error={errors.key?.message} hint="e.g. reports:export">
            <Input id="permission-key" autoComplete="off" {...form.register('key')} />
          </FormField>
          <FormField label="Permission description" htmlFor="permission-description" error={errors.key ? undefined : errors.description?.message}>
            <Input id="permission-description" autoComplete="off" {...form.register('description')} />
          </FormField>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create Permission
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// ------------------------------------------------------------------------------------ Create role

type RoleForm = { name: string; description: string; actionKeys: string[] };

export function CreateRoleForm({ actions }: { actions: AccessAction[] }) {
  const createRole = useCreateRole();
  const form = useForm<RoleForm>({
    resolver: zodResolver(ZCreateRoleRequestSchema) as unknown as Resolver<RoleForm>,
    defaultValues: { name: '', description: '', actionKeys: [] },
  });
  const actionKeys = form.watch('actionKeys');
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createRole.mutateAsync({ name: values.name, description: values.description || undefined, actionKeys: values.actionKeys });
      form.reset();
    } catch {
      // The hook's toast said why; the form keeps what was typed.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Role</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label="Create Role">
          <FormField label="Role name" htmlFor="role-name" error={errors.name?.message}>
            <Input id="role-name" autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="Role description" htmlFor="role-description" error={errors.description?.message} hint="Optional">
            <Input id="role-description" autoComplete="off" {...form.register('description')} />
          </FormField>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {actions.map((action) => (
                <Checkbox
                  key={action.id}
                  label={action.key}
                  description={action.description}
                  checked={actionKeys.includes(action.key)}
                  onChange={(event) => form.setValue('actionKeys', toggled(actionKeys, action.key, event.target.checked))}
                />
              ))}
            </div>
          </fieldset>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create Role
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
