import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateRoleRequestSchema } from '@phone-billing/api/schemas';
import { useForm, type Resolver } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { registeredField, TextField } from '../../../components/text-field';
import { useCreateRole } from '../api/create-role';
import type { AccessAction } from '../api/get-access-data';
import { ChoiceList } from './choice-list';

type RoleForm = { name: string; description: string; actionKeys: string[] };

export function CreateRoleForm({ actions }: { actions: AccessAction[] }) {
  const createRole = useCreateRole();
  const form = useForm<RoleForm>({
    resolver: zodResolver(ZCreateRoleRequestSchema) as unknown as Resolver<RoleForm>,
    defaultValues: { name: '', description: '', actionKeys: [] },
  });

  const onSubmit = async (values: RoleForm) => {
    await createRole.mutateAsync({
      name: values.name,
      description: values.description || undefined,
      actionKeys: values.actionKeys,
    });
    form.reset();
  };

  return (
    <FormCard title="Create Role" submitLabel="Create Role" form={form} onSubmit={onSubmit}>
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
