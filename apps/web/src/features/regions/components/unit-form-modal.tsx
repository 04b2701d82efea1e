import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZRegionRequestSchema,
  ZTeamRequestSchema,
  type TRegion,
  type TTeam,
  type TTeamForm,
} from '@phone-billing/api/schemas';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { FormModal } from '@phone-billing/ui/form-modal';
import { Input } from '@phone-billing/ui/input';
import { Textarea } from '@phone-billing/ui/textarea';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useCreateRegion } from '../api/create-region';
import { useCreateTeam } from '../api/create-team';
import { useUpdateRegion } from '../api/update-region';
import { useUpdateTeam } from '../api/update-team';
import { ParentUnitSelect } from './parent-unit-select';

/** Which unit the modal creates or edits (null `editing`: a new one); null: closed. */
export type UnitModalState =
  { kind: 'region'; editing: TRegion | null } | { kind: 'team'; editing: TTeam | null } | null;

const TEXT = {
  region: {
    createTitle: 'Create New Region',
    editTitle: 'Edit Region',
    createLabel: 'Create Region',
    updateLabel: 'Update Region',
    createHint: 'Regions group your teams.',
    editHint: 'Change the region’s name, description or status.',
    nameLabel: 'Region Name',
    placeholder: 'e.g. North America',
    inactive: 'Inactive regions stay listed but are marked Inactive.',
  },
  team: {
    createTitle: 'Create New Team',
    editTitle: 'Edit Team',
    createLabel: 'Create Team',
    updateLabel: 'Update Team',
    createHint: 'Teams belong to a region and hold queues.',
    editHint: 'Change the team’s name, region, description or status.',
    nameLabel: 'Team Name',
    placeholder: 'e.g. Customer Care East',
    inactive: 'Inactive teams stay listed but are marked Inactive.',
  },
} as const;

/**
 * Create or edit a region or a team: name (required), description, active (new ones are active),
 * and for a team its region (required).
 */
export function UnitFormModal({
  state,
  regions,
  onClose,
}: {
  state: UnitModalState;
  regions: TRegion[];
  onClose: () => void;
}) {
  const createRegion = useCreateRegion();
  const updateRegion = useUpdateRegion();
  const createTeam = useCreateTeam();
  const updateTeam = useUpdateTeam();
  const kind = state?.kind ?? 'region';
  const form = useForm<TTeamForm>({
    // A team's form is a region's plus its region; each is checked by its own shared schema.
    resolver: (kind === 'team'
      ? zodResolver(ZTeamRequestSchema)
      : zodResolver(ZRegionRequestSchema)) as Resolver<TTeamForm>,
    defaultValues: { name: '', description: '', regionId: '', isActive: true },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!state) return;
    form.reset({
      name: state.editing?.name ?? '',
      description: state.editing?.description ?? '',
      regionId: state.kind === 'team' ? (state.editing?.regionId ?? '') : '',
      isActive: state.editing?.isActive ?? true,
    });
  }, [state, form]);

  const text = TEXT[kind];
  const editing = Boolean(state?.editing);
  const saving = createRegion.isPending || updateRegion.isPending || createTeam.isPending || updateTeam.isPending;

  const submit = form.handleSubmit((values) => {
    const done = { onSuccess: onClose };
    const body = { name: values.name, description: values.description, isActive: values.isActive };
    if (state?.kind === 'team') {
      const team = { ...body, regionId: values.regionId };
      if (!state.editing) createTeam.mutate(team, done);
      else if (state.editing.id)
        updateTeam.mutate({ id: state.editing.id, version: state.editing.version, ...team }, done);
      else toast.error('No team selected');
    } else if (state?.kind === 'region') {
      if (!state.editing) createRegion.mutate(body, done);
      else if (state.editing.id)
        updateRegion.mutate({ id: state.editing.id, version: state.editing.version, ...body }, done);
      else toast.error('No region selected');
    }
  });

  return (
    <FormModal
      open={state !== null}
      onClose={onClose}
      title={editing ? text.editTitle : text.createTitle}
      description={editing ? text.editHint : text.createHint}
      formId={`${kind}-form`}
      submitLabel={editing ? text.updateLabel : text.createLabel}
      saving={saving}
    >
      <form id={`${kind}-form`} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={text.nameLabel} htmlFor={`${kind}-name`} error={errors.name?.message} required>
          <Input id={`${kind}-name`} placeholder={text.placeholder} autoFocus {...form.register('name')} />
        </FormField>
        {kind === 'team' ? (
          <ParentUnitSelect
            id="team-region"
            unit="Region"
            noneYet={regions.length === 0}
            error={errors.regionId?.message}
            {...form.register('regionId')}
          >
            {regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
                {region.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </ParentUnitSelect>
        ) : null}
        <FormField label="Description" htmlFor={`${kind}-description`} error={errors.description?.message}>
          <Textarea id={`${kind}-description`} rows={3} placeholder="Optional" {...form.register('description')} />
        </FormField>
        <Checkbox label="Active" description={text.inactive} {...form.register('isActive')} />
      </form>
    </FormModal>
  );
}
