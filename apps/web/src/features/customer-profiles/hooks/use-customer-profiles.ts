import type { TCustomerProfileListQuery, TCustomerProfileSaveInput } from '@phone-billing/api/schemas';
import toast from 'react-hot-toast';
import { API_BASE_URL } from '../../../config/env';
import { errorMessage, trpc } from '../../../lib/trpc';

/** The filtered, paginated list (server-side filters) with the five stat-card counts. */
export function useCustomerProfileList(query: TCustomerProfileListQuery) {
  return trpc.customerProfiles.list.useQuery(query, { placeholderData: (previous) => previous });
}

/** Genesys queue names for suggestions and the unknown-name warning. */
export function useQueueSuggestions() {
  return trpc.customerProfiles.queueSuggestions.useQuery(undefined, { staleTime: 5 * 60_000 });
}

/** The changes of this screen, each with the spec's toasts (spec 001 §8); each refreshes the list. */
export function useCustomerProfileMutations() {
  const utils = trpc.useUtils();
  const refresh = () => utils.customerProfiles.list.invalidate();

  const create = trpc.customerProfiles.create.useMutation({
    onSuccess: () => {
      toast.success('Customer profile created successfully');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create customer profile')),
  });
  const update = trpc.customerProfiles.update.useMutation({
    onSuccess: () => {
      toast.success('Customer profile updated successfully');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update customer profile')),
  });
  const remove = trpc.customerProfiles.delete.useMutation({
    onSuccess: () => {
      toast.success('Customer profile deleted successfully');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete customer profile')),
  });
  const reschedule = trpc.customerProfiles.rescheduleBilling.useMutation({
    onSuccess: (answer) => {
      toast.success(`Billing rescheduled for ${answer.data.customerName}`);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reschedule billing')),
  });
  const rescheduleAll = trpc.customerProfiles.rescheduleAllBilling.useMutation({
    onSuccess: (answer) => {
      toast.success(`Rescheduled billing for ${answer.data.successCount} customer profiles`);
      if (answer.data.failedCount > 0) toast.error(`${answer.data.failedCount} customer profiles could not be rescheduled`);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reschedule all billing')),
  });
  return { create, update, remove, reschedule, rescheduleAll };
}

export type SaveInput = TCustomerProfileSaveInput;

/** A QuickBooks customer as the QuickBooks search answers it (QuickBooks' own field names). */
export type QboCustomer = {
  Id: string;
  DisplayName: string;
  CompanyName?: string;
  GivenName?: string;
  MiddleName?: string;
  FamilyName?: string;
  Title?: string;
  Suffix?: string;
  PrimaryEmailAddr?: { Address?: string } | null;
  PrimaryPhone?: { FreeFormNumber?: string } | null;
  BillAddr?: { Line1?: string; City?: string; CountrySubDivisionCode?: string; PostalCode?: string; Country?: string } | null;
  [field: string]: unknown;
};

export type QboSearchOutcome = { kind: 'found'; customer: QboCustomer } | { kind: 'not-found' } | { kind: 'error'; message: string };

/**
 * GET /api/v1/qbo/customers/search/display-name (spec 001 §7): by the REST path the spec fixes,
 * so this screen does not depend on the QuickBooks area's procedure names.
 */
export async function searchQboCustomer(displayName: string): Promise<QboSearchOutcome> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/api/v1/qbo/customers/search/display-name?displayName=${encodeURIComponent(displayName)}`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    return { kind: 'error', message: 'Failed to search QBO customers' };
  }
  const body = (await response.json().catch(() => null)) as { success?: boolean; found?: boolean; data?: QboCustomer | null; error?: string; message?: string } | null;
  if (!response.ok || !body || body.success === false) {
    return { kind: 'error', message: body?.message || body?.error || 'Failed to search QBO customers' };
  }
  if (body.found && body.data?.Id) return { kind: 'found', customer: body.data };
  return { kind: 'not-found' };
}
