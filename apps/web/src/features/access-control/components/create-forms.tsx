import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZCreateActionRequestSchema,
  ZCreateRoleRequestSchema,
  ZCreateUserRequestSchema,
} from '@phone-billing/api/schemas';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { PasswordField, registeredField, TextField } from '../../../components/text-field';
import { useCreatePermission } from '../api/create-permission';
import { useCreateRole } from '../api/create-role';
import { useCreateUser } from '../api/create-user';
import type { AccessAction, AccessRole } from '../api/get-access-data';
import { OneTimeLink } from './one-time-link';

function toggled(list: string[], value: string, checked: boolean): string[] {
  return checked ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

type Choice = { value: string; label: ReactNode; description?: ReactNode };

/** A fieldset of checkboxes whose ticked values form one list field (a user's roles, a role's permissions). */
function ChoiceList({
  legend,
  className,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  className: string;
  choices: Choice[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={className}>
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            label={choice.label}
            description={choice.description}
            checked={chosen.includes(choice.value)}
            onChange={(event) => onChange(toggled(chosen, choice.value, event.target.checked))}
          />
        ))}
      </div>
    </fieldset>
  );
}

// ------------------------------------------------------------------------------------ Add New User

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
    <FormCard
      title="Add New User"
      submitLabel="Add User"
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
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

// ----------------------------------------------------------------------------- Create permission

type ActionForm = { key: string; description: string };

export function CreatePermissionForm() {
  const createAction = useCreatePermission();
  const form = useForm<ActionForm>({
    resolver: zodResolver(ZCreateActionRequestSchema),
    defaultValues: { key: '', description: '' },
  });
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
    <FormCard
      title="Create Permission"
      submitLabel="Create Permission"
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <TextField
        label="Permission key"
        id="permission-key"
        autoComplete="off"
        hint="e.g. reports:export"
        {...registeredField(form, 'key')}
      />
      <TextField
        label="Permission description"
        id="permission-description"
        autoComplete="off"
        error={errors.key ? undefined : errors.description?.message}
        {...form.register('description')}
      />
    </FormCard>
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

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createRole.mutateAsync({
        name: values.name,
        description: values.description || undefined,
        actionKeys: values.actionKeys,
      });
      form.reset();
    } catch {
      // The hook's toast said why; the form keeps what was typed.
    }
  });

  return (
    <FormCard
      title="Create Role"
      submitLabel="Create Role"
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <TextField label="Role name" id="role-name" autoComplete="off" {...registeredField(form, 'name')} />
      <TextField
        label="Role description"
        id="role-description"
        autoComplete="off"
        hint="Optional"
        {...registeredField(form, 'description')}
      />
      <ChoiceList
        legend="Permissions"
        className="grid gap-2 sm:grid-cols-2"
        choices={actions.map((action) => ({ value: action.key, label: action.key, description: action.description }))}
        chosen={form.watch('actionKeys')}
        onChange={(actionKeys) => form.setValue('actionKeys', actionKeys)}
      />
    </FormCard>
  );
}
