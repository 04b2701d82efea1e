import type { TCustomerProfile } from '@phone-billing/api/schemas';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCustomerProfile } from '../api/get-customer-profile';

/** What a link to a profile's dialog could not open, said instead of the dialog. */
export interface ProfileLinkProblem {
  title: string;
  detail: string;
}

interface ProfileLinkOptions {
  canEdit: boolean;
  openAdd: () => void;
  openEdit: (profile: TCustomerProfile) => void;
}

/**
 * A link to a profile's dialog (issue 24): the page opened at `?profile=<id>` (a pasted link, a
 * bookmark, a reload with the dialog open) opens that profile's Edit dialog, `?profile=new` opens
 * Add. Read once, as the page opens: later changes of the parameter are the dialog's own
 * (use-back-closes-dialog.ts). An unknown profile, or a user who may not edit, gets a
 * problem to show instead, and the parameter leaves the address so a reload does not repeat it.
 */
export function useProfileLink({ canEdit, openAdd, openEdit }: ProfileLinkOptions) {
  const [params, setParams] = useSearchParams();
  const [linked] = useState(() => params.get('profile'));
  const [problem, setProblem] = useState<ProfileLinkProblem | null>(null);
  const [handled, setHandled] = useState(linked === null);
  const profile = useCustomerProfile(linked && linked !== 'new' && canEdit ? linked : null);

  useEffect(() => {
    if (handled) return;
    const refuse = (found: ProfileLinkProblem) => {
      setProblem(found);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('profile');
          return next;
        },
        { replace: true },
      );
    };
    if (!canEdit) {
      refuse({
        title: 'This link opens a customer profile for editing',
        detail: 'Editing customer profiles needs the customer:edit permission.',
      });
    } else if (linked === 'new') {
      openAdd();
    } else if (profile.error) {
      refuse({
        title: 'Customer profile not found',
        detail: 'No customer profile matches this link: it may have been deleted, or the link is incomplete.',
      });
    } else if (profile.data) {
      // Archived ones too: the table offers them for editing under Status: Archived.
      openEdit(profile.data.data);
    } else {
      return;
    }
    setHandled(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handled, canEdit, linked, profile.data, profile.error]);

  return { problem, dismissProblem: () => setProblem(null) };
}
