import type { ManagedUser } from '@mining-hub/contract/users';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { buttonClasses } from '../../../components/button.tsx';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { actionsFor, describeAction, type UserAction } from '../user-actions.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

interface UserTableProps {
  users: ManagedUser[];
  currentUserId: number;
  onAction: (action: UserAction, user: ManagedUser) => void;
}

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Every account: name and email, role, status, created, last sign-in and the row's actions. */
export function UserTable({ users, currentUserId, onAction }: UserTableProps) {
  return (
    <TableScroll label="Users" className="-mx-5 -my-5">
      <table className="table-cards min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3">
              User
            </th>
            <th scope="col" className="px-3 py-3">
              Role
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Created
            </th>
            <th scope="col" className="px-3 py-3">
              Last sign-in
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => {
            const self = user.id === currentUserId;
            return (
              <tr key={user.id} aria-label={user.email} className={user.disabled ? 'bg-slate-50/70' : undefined}>
                <td className="px-5 py-3">
                  <p className="font-medium text-slate-900">
                    {user.name}
                    {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                  </p>
                  <p className="break-words text-slate-600">{user.email}</p>
                </td>
                <td data-label="Role" className="px-3 py-3">
                  <span
                    className={`${badge} ${user.role === 'admin' ? 'bg-blue-50 text-blue-700 ring-blue-200' : 'bg-slate-50 text-slate-700 ring-slate-200'}`}
                  >
                    {user.role === 'admin' ? 'Admin' : 'Member'}
                  </span>
                </td>
                <td data-label="Status" className="px-3 py-3">
                  <span
                    className={`${badge} ${user.disabled ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-emerald-50 text-emerald-700 ring-emerald-200'}`}
                  >
                    {user.disabled ? 'Disabled' : 'Active'}
                  </span>
                </td>
                <td data-label="Created" className="px-3 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                </td>
                <td data-label="Last sign-in" className="px-3 py-3 whitespace-nowrap text-slate-600">
                  {user.last_sign_in_at ? (
                    <time dateTime={user.last_sign_in_at}>{formatDateTime(user.last_sign_in_at)}</time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="px-5 py-3 text-right max-sm:pt-2!">
                  <RowActions user={user} actions={actionsFor(user, currentUserId)} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

function RowActions({
  user,
  actions,
  onAction,
}: {
  user: ManagedUser;
  actions: UserAction[];
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuButton aria-label={`Actions for ${user.email}`} className={buttonClasses('secondary', 'sm')}>
        Actions
        <ChevronDownIcon className="size-4 text-slate-500" />
      </MenuButton>
      {/* Anchored (drawn over the page), so the table's horizontal scroll cannot clip it. */}
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 w-44 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {actions.map((action) => {
          const text = describeAction(action, user);
          return (
            <MenuItem key={action}>
              <button
                type="button"
                onClick={() => onAction(action, user)}
                className={`block w-full px-4 py-2 text-left text-sm data-focus:bg-slate-100 ${
                  text.danger ? 'text-red-700' : 'text-slate-700'
                }`}
              >
                {text.label}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
