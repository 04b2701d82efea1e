import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateActionRequestSchema } from '@phone-billing/api/schemas';
import { useForm } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { registeredField, TextField } from '../../../components/text-field';
import { useCreatePermission } from '../api/create-permission';

type ActionForm = { key: string; description: string };

export function CreatePermissionForm() {
  const createAction = useCreatePermission();
  const form = useForm<ActionForm>({
    resolver: zodResolver(ZCreateActionRequestSchema),
    defaultValues: { key: '', description: '' },
  });
  const errors = form.formState.errors;

  return (
    <FormCard
      title="Create Permission"
      submitLabel="Create Permission"
      form={form}
      onSubmit={async (values) => {
        await createAction.mutateAsync(values);
        form.reset();
      }}
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
