import { zodResolver } from '@hookform/resolvers/zod';
import {
  customerProfileDefaults,
  ZCustomerProfileFormSchema,
  type TCustomerProfile,
  type TCustomerProfileForm,
  type TCustomerProfileFormInput,
  type TCustomerProfileFormValues,
} from '@phone-billing/api/schemas';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { billingStartDateProblem } from './billing-start-date';

/** The profile form as its sections receive it. */
export type ProfileForm = UseFormReturn<TCustomerProfileFormInput, unknown, TCustomerProfileForm>;

/** A profile's values in the form; a new profile starts with the organisation's default rate. */
export function formValuesOf(
  profile: TCustomerProfile | null,
  defaultRate: string | undefined,
): TCustomerProfileFormValues {
  if (!profile) {
    return {
      ...customerProfileDefaults,
      ratePerMinute: defaultRate ?? customerProfileDefaults.ratePerMinute,
      genesysQueueNames: [],
    };
  }
  const text = (value: string | null) => value ?? '';
  return {
    genesysQueueNames: [...profile.genesysQueueNames],
    qboDisplayName: profile.qboDisplayName,
    qboCustomerId: text(profile.qboCustomerId),
    isActive: profile.isActive,
    ratePerMinute: profile.ratePerMinute,
    overageRatePerMinute: profile.overageRatePerMinute,
    minimumMinutes: String(profile.minimumMinutes),
    billDate: profile.billDate,
    billTime: profile.billTime,
    billingPeriodStart: profile.billingPeriodStart,
    billingPeriodEnd: profile.billingPeriodEnd,
    billingStartDate: profile.billingStartDate,
    taxCode: text(profile.taxCode),
    notes: text(profile.notes),
    paymentTermsDays: profile.paymentTermsDays,
    emailInvoices: profile.emailInvoices,
    reviewBeforeSending: profile.reviewBeforeSending,
    qboCompanyName: text(profile.qboCompanyName),
    qboGivenName: text(profile.qboGivenName),
    qboMiddleName: text(profile.qboMiddleName),
    qboFamilyName: text(profile.qboFamilyName),
    qboTitle: text(profile.qboTitle),
    qboSuffix: text(profile.qboSuffix),
    qboPrimaryEmailAddr: text(profile.qboPrimaryEmailAddr),
    qboPrimaryPhone: text(profile.qboPrimaryPhone),
    qboLine1: text(profile.qboLine1),
    qboCity: text(profile.qboCity),
    qboCountrySubDivisionCode: text(profile.qboCountrySubDivisionCode),
    qboPostalCode: text(profile.qboPostalCode),
    qboCountry: text(profile.qboCountry),
  };
}

/**
 * The message of a list field: the list's own ("At least one ..."), or its first entry's (a queue
 * name breaking a text rule), which would otherwise mark the field invalid without saying why.
 */
export function listErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const list = error as { message?: string; root?: { message?: string } };
  if (list.message) return list.message;
  if (list.root?.message) return list.root.message;
  for (const entry of Object.values(error)) {
    if (entry && typeof entry === 'object' && typeof (entry as { message?: unknown }).message === 'string') {
      return (entry as { message: string }).message;
    }
  }
  return undefined;
}

const schemaResolver = zodResolver(ZCustomerProfileFormSchema);

/** What only the form knows about the Billing Start Date: the input (its badInput) and whether editing. */
export type StartDateContext = { current: { input: HTMLInputElement | null; editing: boolean } };

/**
 * The shared schema's checks, plus what only the form knows about the Billing Start Date: whether
 * the browser could read the date typed, and whether an existing profile is being edited.
 */
export function profileFormResolver(
  startDate: StartDateContext,
): Resolver<TCustomerProfileFormInput, unknown, TCustomerProfileForm> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const problem = billingStartDateProblem({
      value: values.billingStartDate,
      badInput: startDate.current.input?.validity.badInput ?? false,
      editing: startDate.current.editing,
    });
    if (!problem) return result;
    return { values: {}, errors: { ...result.errors, billingStartDate: { type: 'validate', message: problem } } };
  };
}
