import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal, type ModalSize } from './modal';

export interface FormModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The id of the `<form>` in `children` that the submit button submits. */
  formId: string;
  submitLabel: ReactNode;
  saving?: boolean;
  /** More footer buttons, left of Cancel (e.g. Unassign Queue). */
  extraActions?: ReactNode;
  size?: ModalSize;
  children: ReactNode;
}

/** A modal around one form, with Cancel and the form's submit button in its footer. */
export function FormModal({
  open,
  onClose,
  title,
  description,
  formId,
  submitLabel,
  saving,
  extraActions,
  size,
  children,
}: FormModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
