import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZAssignmentFormSchema,
  type TAssignmentForm,
  type TQueueAssignmentWithTeam,
  type TTeam,
  type TUnassignedQueue,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { FormModal } from '@phone-billing/ui/form-modal';
import { Textarea } from '@phone-billing/ui/textarea';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useAuthStore } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { useAssignQueue } from '../api/assign-queue';
import { useDeleteAssignment } from '../api/delete-assignment';
import { useUpdateAssignment } from '../api/update-assignment';
import { ParentUnitSelect } from './parent-unit-select';

type AssignmentFormValues = z.output<typeof ZAssignmentFormSchema>;

export type AssignmentModalState =
  { mode: 'assign'; queue: TUnassignedQueue } | { mode: 'edit'; assignment: TQueueAssignmentWithTeam } | null;

interface AssignmentFormModalProps {
  state: AssignmentModalState;
  teams: TTeam[];
  onClose: () => void;
}

/**
 * Assign a queue to a team, or edit an assignment (team, assigned-by, notes) with an Unassign
 * Queue action. A blank assigned-by means the signed-in user.
 */
export function AssignmentFormModal({ state, teams, onClose }: AssignmentFormModalProps) {
  const assignQueue = useAssignQueue();
  const updateAssignment = useUpdateAssignment();
  const deleteAssignment = useDeleteAssignment();
  const user = useAuthStore((store) => store.user);
  const me = user?.name?.trim() || user?.email || '';
  const form = useForm<TAssignmentForm, unknown, AssignmentFormValues>({
    resolver: zodResolver(ZAssignmentFormSchema),
    defaultValues: { teamId: '', assignedBy: '', notes: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (state?.mode === 'edit') {
      form.reset({
        teamId: state.assignment.teamId,
        assignedBy: state.assignment.assignedBy ?? '',
        notes: state.assignment.notes ?? '',
      });
    } else if (state?.mode === 'assign') {
      form.reset({ teamId: '', assignedBy: '', notes: '' });
    }
  }, [state, form]);

  // Teams grouped under their region, regions by name.
  const groups = useMemo(() => {
    const byRegion = new Map<string, { name: string; teams: TTeam[] }>();
    for (const team of teams) {
      const group = byRegion.get(team.regionId) ?? { name: team.region.name, teams: [] };
      group.teams.push(team);
      byRegion.set(team.regionId, group);
    }
    return [...byRegion.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [teams]);

  const editing = state?.mode === 'edit';
  const queueName =
    state?.mode === 'edit' ? state.assignment.queueName : state?.mode === 'assign' ? state.queue.name : '';
  const saving = assignQueue.isPending || updateAssignment.isPending;

  const submit = form.handleSubmit((values) => {
    if (state?.mode === 'assign') {
      if (!state.queue.id) {
        toast.error('No queue selected');
        return;
      }
      assignQueue.mutate({ queueId: state.queue.id, queueName: state.queue.name, ...values }, { onSuccess: onClose });
    } else if (state?.mode === 'edit') {
      if (!state.assignment.id) {
        toast.error('No assignment selected');
        return;
      }
      updateAssignment.mutate(
        { id: state.assignment.id, version: state.assignment.version, ...values },
        { onSuccess: onClose },
      );
    }
  });

  const unassign = () => {
    if (state?.mode !== 'edit') return;
    if (
      !window.confirm(
        `Unassign queue "${state.assignment.queueName}" from team ${state.assignment.team.name}? It will be listed as unassigned.`,
      )
    )
      return;
    deleteAssignment.mutate({ id: state.assignment.id }, { onSuccess: onClose });
  };

  return (
    <FormModal
      open={state !== null}
      onClose={onClose}
      title={editing ? 'Edit Queue Assignment' : 'Assign Queue to Team'}
      description={
        state?.mode === 'edit'
          ? `Assigned ${formatDateTime(state.assignment.assignedAt)}${state.assignment.assignedBy ? ` by ${state.assignment.assignedBy}` : ''}`
          : 'Pick the team that handles this queue.'
      }
      formId="assignment-form"
      submitLabel={editing ? 'Update Assignment' : 'Assign Queue'}
      saving={saving}
      extraActions={
        editing ? (
          <Button variant="danger" className="mr-auto" onClick={unassign} loading={deleteAssignment.isPending}>
            Unassign Queue
          </Button>
        ) : null
      }
    >
      <form id="assignment-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Queue" htmlFor="assignment-queue">
          <Input id="assignment-queue" value={queueName} readOnly disabled />
        </FormField>
        <ParentUnitSelect
          id="assignment-team"
          unit="Team"
          noneYet={teams.length === 0}
          error={errors.teamId?.message}
          {...form.register('teamId')}
        >
          {groups.map((group) => (
            <optgroup key={group.name} label={group.name}>
              {group.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name} ({group.name}){team.isActive ? '' : ' – inactive'}
                </option>
              ))}
            </optgroup>
          ))}
        </ParentUnitSelect>
        <FormField
          label="Assigned By"
          htmlFor="assignment-assigned-by"
          error={errors.assignedBy?.message}
          hint={me ? `Leave blank for ${me}` : undefined}
        >
          <Input id="assignment-assigned-by" placeholder={me} {...form.register('assignedBy')} />
        </FormField>
        <FormField label="Notes" htmlFor="assignment-notes" error={errors.notes?.message}>
          <Textarea id="assignment-notes" rows={3} placeholder="Optional" {...form.register('notes')} />
        </FormField>
      </form>
    </FormModal>
  );
}
