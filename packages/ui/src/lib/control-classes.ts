/**
 * The shared look of text-like form controls (Input, Textarea, Select), so they line up in a form.
 * A control with `aria-invalid="true"` (set by FormField when it has an error) turns red.
 */
export const controlClasses = [
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-500',
  'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  '[&[readonly]]:bg-slate-50',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30',
].join(' ');
