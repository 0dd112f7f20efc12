import type { ManagedUser } from '@mining-hub/contract/users';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useResetPassword, useUpdateUser } from '../api.ts';
import { changesFor, describeAction, type UserAction } from '../user-actions.ts';
import { failureDetail } from '../user-messages.ts';
import { OneTimePassword } from './one-time-password.tsx';

interface UserActionDialogProps {
  action: UserAction;
  user: ManagedUser;
  onClose: () => void;
  /** The action went through; `done` is the notice to show. */
  onDone: (done: string) => void;
}

/** Confirms one row action; a refusal stays in the dialog with the server's words, a reset shows its password. */
export function UserActionDialog({ action, user, onClose, onDone }: UserActionDialogProps) {
  const update = useUpdateUser();
  const reset = useResetPassword();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const text = describeAction(action, user);
  const pending = update.isPending || reset.isPending;
  const failure = update.error ?? reset.error;

  const confirm = () => {
    const changes = changesFor(action);
    if (changes) {
      update.mutate(
        { id: user.id, changes },
        {
          onSuccess: () => {
            onDone(text.done);
            onClose();
          },
        },
      );
    } else {
      reset.mutate(user.id, {
        onSuccess: (password) => {
          setTemporaryPassword(password);
          onDone(text.done);
        },
      });
    }
  };

  if (temporaryPassword !== null) {
    return (
      <Modal open size="md" onClose={onClose} title="Password reset" footer={<Button onClick={onClose}>Done</Button>}>
        <OneTimePassword label={`Temporary password for ${user.email}`} password={temporaryPassword} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      size="md"
      onClose={onClose}
      title={text.title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={text.danger ? 'danger' : 'primary'} disabled={pending} onClick={confirm}>
            {pending ? 'Working...' : text.confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{text.message}</p>
      {failure && (
        <div className="mt-4">
          <FormError>{failureDetail(failure)}</FormError>
        </div>
      )}
    </Modal>
  );
}
