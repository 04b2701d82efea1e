import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegionFormSchema, type TRegion, type TRegionForm, type TRegionFormValues } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Modal } from '@phone-billing/ui/modal';
import { Textarea } from '@phone-billing/ui/textarea';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useRegionMutations } from '../hooks/use-region-data';

interface RegionFormModalProps {
  open: boolean;
  /** The region being edited; null to create one. */
  region: TRegion | null;
  onClose: () => void;
}

/** Create or edit a region: name (required), description, active (new regions are active). */
export function RegionFormModal({ open, region, onClose }: RegionFormModalProps) {
  const { createRegion, updateRegion } = useRegionMutations();
  const form = useForm<TRegionForm, unknown, TRegionFormValues>({
    resolver: zodResolver(ZRegionFormSchema),
    defaultValues: { name: '', description: '', isActive: true },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset({ name: region?.name ?? '', description: region?.description ?? '', isActive: region?.isActive ?? true });
  }, [open, region, form]);

  const editing = region !== null;
  const saving = createRegion.isPending || updateRegion.isPending;

  const submit = form.handleSubmit((values) => {
    if (editing) {
      if (!region?.id) {
        toast.error('No region selected');
        return;
      }
      updateRegion.mutate({ id: region.id, ...values }, { onSuccess: onClose });
    } else {
      createRegion.mutate(values, { onSuccess: onClose });
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={editing ? 'Edit Region' : 'Create New Region'}
      description={editing ? 'Change the region’s name, description or status.' : 'Regions group your teams.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="region-form" loading={saving}>
            {editing ? 'Update Region' : 'Create Region'}
          </Button>
        </>
      }
    >
      <form id="region-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Region Name" htmlFor="region-name" error={errors.name?.message} required>
          <Input id="region-name" placeholder="e.g. North America" autoFocus {...form.register('name')} />
        </FormField>
        <FormField label="Description" htmlFor="region-description" error={errors.description?.message}>
          <Textarea id="region-description" rows={3} placeholder="Optional" {...form.register('description')} />
        </FormField>
        <Checkbox label="Active" description="Inactive regions stay listed but are marked Inactive." {...form.register('isActive')} />
      </form>
    </Modal>
  );
}
