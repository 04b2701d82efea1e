import type { ReactNode } from 'react';

/** A titled part of a long form (the profile form's Basic Information, Billing Configuration...). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4" aria-label={title}>
      <h3 className="border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h3>
      {children}
    </section>
  );
}
