import type { UserRole } from '@mining-hub/contract/auth';
import { MIN_PASSWORD_LENGTH, type ManagedUser } from '@mining-hub/contract/users';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField, TextField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { newPasswordProblem } from '../../../lib/password-rules.ts';
import { useCreateUser } from '../api.ts';
import { generatePassword } from '../generate-password.ts';
import { failureDetail } from '../user-messages.ts';
import { OneTimePassword } from './one-time-password.tsx';

/** Add user: email, name, role and a password (typed or generated), then that password once to pass on. */
export function AddUserDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (user: ManagedUser) => void }) {
  const create = useCreateUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<UserRole>('member');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ user: ManagedUser; password: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tooShort = newPasswordProblem(password);
    setProblem(tooShort);
    if (tooShort) return;
    create.mutate(
      { email: email.trim(), name: name.trim(), role, password },
      {
        onSuccess: (user) => {
          setCreated({ user, password });
          onCreated(user);
        },
      },
    );
  };

  if (created) {
    return (
      <Modal open size="md" onClose={onClose} title="User created" footer={<Button onClick={onClose}>Done</Button>}>
        <p className="mb-4 text-sm text-slate-600">
          {created.user.name} ({created.user.email}) can now sign in as{' '}
          {created.user.role === 'admin' ? 'an admin' : 'a member'}.
        </p>
        <OneTimePassword label={`Password for ${created.user.email}`} password={created.password} />
      </Modal>
    );
  }

  const error = problem ?? (create.isError ? failureDetail(create.error) : null);
  return (
    <Modal open size="md" onClose={onClose} title="Add user">
      <form aria-label="Add user" className="space-y-4" onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Name"
          required
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value as UserRole)}>
          <option value="member">Member: news, articles, batches, own pin board</option>
          <option value="admin">Admin: also users, prompts, scraper, logs, audit log</option>
        </SelectField>
        <div>
          <div className="flex items-end gap-2">
            <TextField
              label="Password"
              className="min-w-0 flex-1"
              required
              autoComplete="new-password"
              spellCheck={false}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button variant="secondary" className="py-2" onClick={() => setPassword(generatePassword())}>
              Generate
            </Button>
          </div>
          <p className="mt-1 text-xs text-slate-500">
            At least {MIN_PASSWORD_LENGTH} characters. It is shown once more after the user is created, to copy.
          </p>
        </div>
        {error && <FormError>{error}</FormError>}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create user'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
