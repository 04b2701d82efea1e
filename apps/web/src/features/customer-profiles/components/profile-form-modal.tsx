import {
  rateConfirmationReason,
  type TCustomerProfile,
  type TCustomerProfileForm,
  type TCustomerProfileFormInput,
} from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Modal } from '@phone-billing/ui/modal';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { httpStatusOf } from '../../../lib/trpc';
import { useCreateCustomerProfile } from '../api/create-customer-profile';
import { useDefaultRate } from '../api/get-default-rate';
import { useUpdateCustomerProfile } from '../api/update-customer-profile';
import { useBackClosesDialog } from '../hooks/use-back-closes-dialog';
import { ProfileBasicSection } from './profile-basic-section';
import { ProfileBillingSection } from './profile-billing-section';
import { formValuesOf, profileFormResolver } from './profile-form-values';
import { ProfileOtherSections } from './profile-other-sections';
import { RatePlanSection } from './rate-plan-section';

interface ProfileFormModalProps {
  open: boolean;
  /** The profile being edited; null to add one. */
  profile: TCustomerProfile | null;
  onClose: () => void;
}

/**
 * The rates typed that deserve a second look (10× the saved rate either way, or above $1 a
 * minute), as one confirmation text; null when none does. A new profile has no saved rate: the
 * form's default is a starting point, not a rate anyone is billed at, so only the $1 check applies.
 */
function rateConfirmation(values: TCustomerProfileForm, profile: TCustomerProfile | null): string | null {
  const reasons = [
    rateConfirmationReason('Rate Per Minute', values.ratePerMinute, profile?.ratePerMinute ?? null),
    rateConfirmationReason(
      'Overage Rate Per Minute',
      values.overageRatePerMinute,
      profile?.overageRatePerMinute ?? null,
    ),
  ].filter((reason): reason is string => reason !== null);
  if (reasons.length === 0) return null;
  return `${reasons.join('\n')}\n\nEvery minute billed to ${values.qboDisplayName} from now on uses it. Save this rate?`;
}

/** Add or edit a customer profile (spec 001 "Customer profile modal"). */
export function ProfileFormModal({ open, profile, onClose }: ProfileFormModalProps) {
  const create = useCreateCustomerProfile();
  const update = useUpdateCustomerProfile();
  const defaultRate = useDefaultRate();
  const startDate = useRef({ input: null as HTMLInputElement | null, editing: false });
  startDate.current.editing = profile !== null;
  const [resolver] = useState(() => profileFormResolver(startDate));
  const form = useForm<TCustomerProfileFormInput, unknown, TCustomerProfileForm>({
    resolver,
    defaultValues: formValuesOf(null, defaultRate),
  });
  const [qboMetadata, setQboMetadata] = useState<Record<string, unknown> | null>(null);
  /** A save refused because someone else saved first: their name and time, with the form kept. */
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.reset(formValuesOf(profile, defaultRate));
    setQboMetadata(profile?.qboMetadata ?? null);
    setStaleMessage(null);
    // The default rate arriving later must not wipe what is being typed: only opening resets.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, profile, form]);

  // Settings may answer after the modal opened: a new profile's untouched rate takes the default.
  useEffect(() => {
    if (open && !profile && defaultRate && !form.getFieldState('ratePerMinute').isDirty)
      form.setValue('ratePerMinute', defaultRate);
  }, [open, profile, defaultRate, form]);

  // Read while rendering so react-hook-form tracks it (its form state is a subscription proxy).
  const { isDirty } = form.formState;
  const editing = profile !== null;
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    const confirmation = rateConfirmation(values, profile);
    if (confirmation && !window.confirm(confirmation)) return;
    const body = { ...values, qboMetadata };
    const onError = (error: unknown) => {
      if (httpStatusOf(error) === 409 && error instanceof Error && error.message.startsWith('Changed by '))
        setStaleMessage(error.message);
    };
    if (profile) update.mutate({ id: profile.id, version: profile.version, ...body }, { onSuccess: close, onError });
    else create.mutate(body, { onSuccess: close });
  });

  /** Whether the dialog may close now: unsaved edits are only dropped when the user says so. */
  const mayLeave = () => {
    if (!isDirty) return true;
    const name = form.getValues('qboDisplayName')?.trim() || profile?.qboDisplayName || 'this new customer profile';
    return window.confirm(`Discard your unsaved changes to ${name}? What you typed will be lost.`);
  };
  // The open dialog is in the URL (?profile=<id> or ?profile=new): Back closes it, asking first.
  const close = useBackClosesDialog({ open, param: 'profile', value: profile?.id ?? 'new', mayLeave, onClose });

  /** Cancel, Escape, the close button and a click outside ask the same. */
  const requestClose = () => {
    if (mayLeave()) close();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : requestClose())}
      title={editing ? 'Edit Customer Profile' : 'Add Customer Profile'}
      description="Per-customer rates, Genesys queues and the QuickBooks customer it is invoiced as."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" form="customer-profile-form" loading={saving}>
            {editing ? 'Update' : 'Create'}
          </Button>
        </>
      }
    >
      <form id="customer-profile-form" noValidate onSubmit={submit} className="flex flex-col gap-6">
        {staleMessage && (
          <Alert tone="error" title="Not saved: this profile changed meanwhile">
            {staleMessage}. Your edits are still in the form; copy what you need before you reload.
          </Alert>
        )}
        <ProfileBasicSection form={form} onConnect={(customer) => setQboMetadata({ ...customer })} />
        <ProfileBillingSection form={form} profile={profile} startDate={startDate} />
        <RatePlanSection profileId={profile?.id ?? null} />
        <ProfileOtherSections form={form} />
      </form>
    </Modal>
  );
}
