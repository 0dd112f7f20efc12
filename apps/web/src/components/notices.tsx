import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
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

// Unique across stacks: the header's notices and a page's show at the same time.
let lastNoticeId = 0;

/** Whether the keyboard focus is inside `element`: a notice being read or dismissed must not vanish under it. */
function holdsFocus(element: Element | null): boolean {
  return element !== null && element.contains(document.activeElement);
}

const noticeElement = (id: number) => document.querySelector(`[data-notice-id="${id}"]`);

/**
 * Success and failure notices that go away by themselves after 5 s (SPEC.md section 8); one that holds the
 * keyboard focus stays until the focus leaves it (checked every 5 s).
 */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  // The notices' timers end with the page that shows them, rather than firing after it is gone.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((notice) => notice.id !== id)), []);
  const notify = useCallback(
    (kind: Notice['kind'], message: string, detail?: string) => {
      lastNoticeId += 1;
      const id = lastNoticeId;
      setNotices((all) => [...all, { id, kind, message, detail }]);
      const expireLater = () => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          if (holdsFocus(noticeElement(id))) expireLater();
          else dismiss(id);
        }, NOTICE_DURATION_MS);
        timers.current.add(timer);
      };
      expireLater();
    },
    [dismiss],
  );
  return { notices, notify, dismiss };
}

/**
 * The latest notices, centred under the header: visible wherever the page is scrolled, clear of the side buttons.
 *
 * Announced through two live regions that are always in the page, polite for successes and assertive for
 * errors: a region mounted together with its text is not reliably read out, text added to an existing one is.
 * Each card keeps its own role (status, alert) for what it is. Nothing here takes the focus; a notice is dismissed
 * with its button, and the focus then goes to the next notice, or back to where it was before entering them.
 * `children` are notices with a life of their own (TimedNotice), shown and announced with the errors.
 */
export function NoticeStack({
  notices,
  onDismiss,
  children,
}: {
  notices: Notice[];
  onDismiss: (id: number) => void;
  children?: ReactNode;
}) {
  const shown = notices.slice(-MAX_SHOWN);
  const cameFrom = useRef<HTMLElement | null>(null);
  const rememberWhereFocusCameFrom = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };

  // Where the focus goes once a dismissed card, which held it, is gone: the next notice, else where it came from.
  const focusAfterDismiss = useRef<{ noticeId: number } | 'came-from' | null>(null);
  useEffect(() => {
    const target = focusAfterDismiss.current;
    focusAfterDismiss.current = null;
    const element =
      target === 'came-from' ? cameFrom.current : target && noticeElement(target.noticeId)?.querySelector('button');
    if (element instanceof HTMLElement && element.isConnected) element.focus();
  }, [notices]);

  const dismissByButton = (id: number) => {
    if (holdsFocus(noticeElement(id))) {
      const others = shown.filter((notice) => notice.id !== id);
      const next = others.find((notice) => notice.id > id) ?? others.at(-1);
      focusAfterDismiss.current = next ? { noticeId: next.id } : 'came-from';
    }
    onDismiss(id);
  };

  const cards = (kind: Notice['kind']) =>
    shown
      .filter((notice) => notice.kind === kind)
      .map((notice) => (
        <NoticeCard key={notice.id} notice={notice} noticeId={notice.id} onDismiss={() => dismissByButton(notice.id)} />
      ));

  return (
    <div
      onFocus={rememberWhereFocusCameFrom}
      className="pointer-events-none fixed inset-x-4 top-20 z-40 mx-auto flex max-w-md flex-col items-stretch gap-2"
    >
      <div aria-live="assertive" className="flex flex-col items-stretch gap-2">
        {children}
        {cards('error')}
      </div>
      <div aria-live="polite" className="flex flex-col items-stretch gap-2">
        {cards('success')}
      </div>
    </div>
  );
}

function NoticeCard({
  notice,
  noticeId,
  onDismiss,
  ref,
}: {
  notice: Omit<Notice, 'id'>;
  noticeId?: number;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const success = notice.kind === 'success';
  return (
    <div
      ref={ref}
      role={success ? 'status' : 'alert'}
      data-notice-id={noticeId}
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

/**
 * A notice that is not the answer to a click (e.g. a failed load): shown once, gone after 5 s, or once the focus
 * leaves it if it holds the focus then. Put it inside a NoticeStack, whose live region announces it.
 */
export function TimedNotice({ kind, message }: { kind: Notice['kind']; message: string }) {
  const [visible, setVisible] = useState(true);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const expire = () => {
      if (holdsFocus(card.current)) timer = setTimeout(expire, NOTICE_DURATION_MS);
      else setVisible(false);
    };
    timer = setTimeout(expire, NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <NoticeCard ref={card} notice={{ kind, message }} onDismiss={() => setVisible(false)} />;
}
