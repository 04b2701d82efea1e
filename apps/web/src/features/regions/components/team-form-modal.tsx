import { zodResolver } from '@hookform/resolvers/zod';
import { ZTeamFormSchema, type TRegion, type TTeam, type TTeamForm, type TTeamFormValues } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Modal } from '@phone-billing/ui/modal';
import { Select } from '@phone-billing/ui/select';
import { Textarea } from '@phone-billing/ui/textarea';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useRegionMutations } from '../hooks/use-region-data';

interface TeamFormModalProps {
  open: boolean;
  /** The team being edited; null to create one. */
  team: TTeam | null;
  regions: TRegion[];
  /** Preselected region for a new team. */
  defaultRegionId?: string;
  onClose: () => void;
}

/** Create or edit a team: name and region (required), description, active (new teams are active). */
export function TeamFormModal({ open, team, regions, defaultRegionId, onClose }: TeamFormModalProps) {
  const { createTeam, updateTeam } = useRegionMutations();
  const form = useForm<TTeamForm, unknown, TTeamFormValues>({
    resolver: zodResolver(ZTeamFormSchema),
    defaultValues: { name: '', description: '', regionId: '', isActive: true },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset({
        name: team?.name ?? '',
        description: team?.description ?? '',
        regionId: team?.regionId ?? defaultRegionId ?? '',
        isActive: team?.isActive ?? true,
      });
    }
  }, [open, team, defaultRegionId, form]);

  const editing = team !== null;
  const saving = createTeam.isPending || updateTeam.isPending;

  const submit = form.handleSubmit((values) => {
    if (editing) {
      if (!team?.id) {
        toast.error('No team selected');
        return;
      }
      updateTeam.mutate({ id: team.id, ...values }, { onSuccess: onClose });
    } else {
      createTeam.mutate(values, { onSuccess: onClose });
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={editing ? 'Edit Team' : 'Create New Team'}
      description={editing ? 'Change the team’s name, region, description or status.' : 'Teams belong to a region and hold queues.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="team-form" loading={saving}>
            {editing ? 'Update Team' : 'Create Team'}
          </Button>
        </>
      }
    >
      <form id="team-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Team Name" htmlFor="team-name" error={errors.name?.message} required>
          <Input id="team-name" placeholder="e.g. Customer Care East" autoFocus {...form.register('name')} />
        </FormField>
        <FormField
          label="Region"
          htmlFor="team-region"
          error={errors.regionId?.message}
          hint={regions.length === 0 ? 'Create a region first.' : undefined}
          required
        >
          <Select id="team-region" {...form.register('regionId')}>
            <option value="">Select a region</option>
            {regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
                {region.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Description" htmlFor="team-description" error={errors.description?.message}>
          <Textarea id="team-description" rows={3} placeholder="Optional" {...form.register('description')} />
        </FormField>
        <Checkbox label="Active" description="Inactive teams stay listed but are marked Inactive." {...form.register('isActive')} />
      </form>
    </Modal>
  );
}
