import type { ManagedUser } from '@mining-hub/contract/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { PlusIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { usersQueryOptions } from './api.ts';
import { AddUserDialog } from './components/add-user-dialog.tsx';
import { UserActionDialog } from './components/user-action-dialog.tsx';
import { UserTable } from './components/user-table.tsx';
import type { UserAction } from './user-actions.ts';
import { failureDetail, USERS_LOAD_FAILED } from './user-messages.ts';

type Dialog = { kind: 'none' } | { kind: 'add' } | { kind: 'action'; action: UserAction; user: ManagedUser };

/** Users (/users, admins only): every account, adding one, role, disable / enable and password reset. */
export function UsersPage() {
  const currentUser = useCurrentUser();
  const users = useQuery(usersQueryOptions());
  const { notices, notify, dismiss } = useNotices();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const count = users.data?.length;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Who can sign in, and as what: members use the news, articles and batches; admins also manage users, prompts and the scraper and read the logs."
        actions={
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <PlusIcon className="size-4" />
            Add user
          </Button>
        }
      />
      <NoticeStack notices={notices} onDismiss={dismiss} />

      <Card
        title="Accounts"
        description={count === undefined ? undefined : `${count} ${count === 1 ? 'user' : 'users'}`}
      >
        {users.isPending && <Spinner />}
        {users.isError && (
          <div className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            {USERS_LOAD_FAILED} {failureDetail(users.error)}
            <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {users.data && (
          <UserTable
            users={users.data}
            currentUserId={currentUser.id}
            onAction={(action, user) => setDialog({ kind: 'action', action, user })}
          />
        )}
      </Card>

      {dialog.kind === 'add' && (
        <AddUserDialog onClose={close} onCreated={(user) => notify('success', `User ${user.email} created`)} />
      )}
      {dialog.kind === 'action' && (
        <UserActionDialog
          action={dialog.action}
          user={dialog.user}
          onClose={close}
          onDone={(done) => notify('success', done)}
        />
      )}
    </div>
  );
}
