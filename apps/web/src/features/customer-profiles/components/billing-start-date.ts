/**
 * What the profile form says about its Billing Start Date beyond the shared schema, which sees
 * only the field's value: a date input the browser cannot read (month, day or year missing) hands
 * over an empty value, and on an existing profile a cleared field would silently keep the old day.
 */
export function billingStartDateProblem(field: {
  value: string | null | undefined;
  badInput: boolean;
  editing: boolean;
}): string | null {
  if (field.badInput) return 'Billing start date is incomplete: enter the month, day and year';
  if (field.editing && !field.value?.trim()) return 'Billing start date is required: calls before it are never billed';
  return null;
}
