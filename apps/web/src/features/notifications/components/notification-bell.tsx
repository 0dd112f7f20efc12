import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLiveMessages } from '../../../lib/live-context.tsx';
import { usePointerDownOutside } from '../../../lib/use-pointer-down-outside.ts';
import { markAllNotificationsRead, markNotificationRead, notificationKeys, notificationsQueryOptions } from '../api.ts';
import { CompanyLink } from '../../../components/company-link.tsx';

/**
 * The header's bell: unread count, and a panel listing notifications to open and mark read. A small popover of
 * our own (like the account menu), not a library's: the header is in every first load. Escape closes it and
 * gives focus back to the button; a click outside, or focus moving outside, closes it.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const notifications = useQuery(notificationsQueryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveMessages((message) => {
    if (message.type === 'notifications_updated') refresh();
  });
  const markRead = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });

  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  usePointerDownOutside(open, root, () => setOpen(false));

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const unread = notifications.data?.unread_count ?? 0;
  const list = notifications.data?.data ?? [];
  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      onBlur={(event) => {
        // Tab (or a click on something focusable) outside; a click on nothing focusable is the pointer's case.
        const next = event.relatedTarget as Node | null;
        if (next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Notifications"
          tabIndex={-1}
          className="absolute right-0 z-50 mt-2 w-[min(24rem,calc(100vw-1rem))] rounded-xl max-sm:fixed max-sm:inset-x-2 max-sm:top-16 max-sm:w-auto bg-white shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2.5">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              className="text-xs font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </button>
          </div>
          {list.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {list.map((notification) => (
                <li key={notification.id} className={notification.read ? '' : 'bg-blue-50/60'}>
                  <div className="flex items-start gap-2 px-4 py-3">
                    <div className="min-w-0 flex-1">
                      {notification.link ? (
                        <Link
                          to={notification.link}
                          className="text-sm font-medium text-slate-900 hover:underline"
                          onClick={() => {
                            if (!notification.read) markRead.mutate(notification.id);
                            setOpen(false);
                          }}
                        >
                          {notification.title}
                        </Link>
                      ) : (
                        <p className="text-sm font-medium text-slate-900">{notification.title}</p>
                      )}
                      {notification.items.length > 0 && (
                        <ul className="mt-1 space-y-0.5">
                          {notification.items.map((item) => (
                            <li key={item.link}>
                              <Link
                                to={item.link}
                                className="text-xs text-blue-700 hover:underline"
                                onClick={() => {
                                  if (!notification.read) markRead.mutate(notification.id);
                                  setOpen(false);
                                }}
                              >
                                {item.label}
                              </Link>
                              {item.account && (
                                <>
                                  {' · '}
                                  <CompanyLink
                                    account={item.account}
                                    className="text-xs"
                                    // As the item's own link: the notification is read and the panel closes.
                                    onClick={() => {
                                      if (!notification.read) markRead.mutate(notification.id);
                                      setOpen(false);
                                    }}
                                  />
                                </>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                      {notification.body && (
                        <p className="mt-0.5 text-xs whitespace-pre-line text-slate-600">{notification.body}</p>
                      )}
                      <p className="mt-1 text-[11px] text-slate-600">{formatDateTime(notification.at)}</p>
                    </div>
                    {!notification.read && (
                      <button
                        type="button"
                        className="shrink-0 text-xs font-medium text-blue-700 hover:underline"
                        onClick={() => markRead.mutate(notification.id)}
                      >
                        Mark read
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
