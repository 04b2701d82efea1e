import { Button } from '@phone-billing/ui/button';
import { Pencil, Trash2 } from 'lucide-react';

/** The Edit and Delete buttons of a region or team; `subject` names it for screen readers. */
export function EditDeleteButtons({
  subject,
  onEdit,
  onDelete,
  deleting,
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${subject}`}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-600 hover:bg-red-50"
        onClick={onDelete}
        disabled={deleting}
        aria-label={`Delete ${subject}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
