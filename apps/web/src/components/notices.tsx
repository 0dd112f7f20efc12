import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';

/** Notices auto-dismiss after this long (SPEC.md sections 8 and 9). */
export const NOTICE_DURATION_MS = 5000;

// Older ones still time out; a burst of clicks must not bury the page.
const MAX_SHOWN = 3;

export interface Notice {
  id: number;
  kind: 'success' | 'error';
  message: string;
  /** The server's explanation, shown under the message. */
  detail?: string | undefined;
}

/** Success and failure notices that go away by themselves after 5 s (SPEC.md section 8). */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((notice) => notice.id !== id)), []);
  const notify = useCallback(
    (kind: Notice['kind'], message: string, detail?: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setNotices((all) => [...all, { id, kind, message, detail }]);
      setTimeout(() => dismiss(id), NOTICE_DURATION_MS);
    },
    [dismiss],
  );
  return { notices, notify, dismiss };
}

/** The latest notices, centred under the header: visible wherever the page is scrolled, clear of the side buttons. */
export function NoticeStack({
  notices,
  onDismiss,
  children,
}: {
  notices: Notice[];
  onDismiss: (id: number) => void;
  children?: ReactNode;
}) {
  return (
    <div className="pointer-events-none fixed inset-x-4 top-20 z-40 mx-auto flex max-w-md flex-col items-stretch gap-2">
      {children}
      {notices.slice(-MAX_SHOWN).map((notice) => (
        <NoticeCard key={notice.id} notice={notice} onDismiss={() => onDismiss(notice.id)} />
      ))}
    </div>
  );
}

function NoticeCard({ notice, onDismiss }: { notice: Omit<Notice, 'id'>; onDismiss: () => void }) {
  const success = notice.kind === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1 ${
        success ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${success ? 'bg-emerald-500' : 'bg-red-500'}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{notice.message}</p>
        {notice.detail && <p className="mt-0.5 break-words text-xs opacity-90">{notice.detail}</p>}
      </div>
      <IconButton aria-label="Dismiss" className="-my-1 -mr-2 size-7" onClick={onDismiss}>
        <CloseIcon className="size-4" />
      </IconButton>
    </div>
  );
}

/** A notice that is not the answer to a click (e.g. a failed load): shown once, gone after 5 s. */
export function TimedNotice({ kind, message }: { kind: Notice['kind']; message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <NoticeCard notice={{ kind, message }} onDismiss={() => setVisible(false)} />;
}
