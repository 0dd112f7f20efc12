import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError, TextField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { changePassword } from '../api.ts';
import { passwordChangeProblem } from '../../../lib/password-rules.ts';

export const PASSWORD_CHANGED = 'Password changed';

/** Current, new and confirmed password; on success the dialog closes and `onChanged` shows the notice. */
export function ChangePasswordDialog({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({ mutationFn: changePassword });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordChangeProblem({ current, next, confirm });
    setProblem(found);
    if (found) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          onChanged();
          onClose();
        },
      },
    );
  };

  const failure = change.error;
  const error =
    problem ?? (failure ? (isApiError(failure) ? failure.detail : 'The password could not be changed.') : null);
  return (
    <Modal open size="md" onClose={onClose} title="Change password">
      <form aria-label="Change password" className="space-y-4" onSubmit={submit}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out.`}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {error && <FormError>{error}</FormError>}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
