/** A route whose screen has not been built yet shows its page title. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
    </div>
  );
}
