import { useCallback, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

interface Question {
  message: string;
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The app's own confirmation in place of the browser's `confirm()` (issue 35): drawn like the other dialogs,
 * read by screen readers as one, and not blocked by browsers that suppress a page's dialogs. `ask` answers
 * whether the user confirmed; render `dialog` once in the component.
 */
export function useConfirm(): {
  ask: (message: string, confirmLabel?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (message: string, confirmLabel = 'Delete') =>
      new Promise<boolean>((resolve) => setQuestion({ message, confirmLabel, resolve })),
    [],
  );
  const answer = (confirmed: boolean) => {
    question?.resolve(confirmed);
    setQuestion(null);
  };
  const dialog = question && (
    <Modal
      open
      size="md"
      onClose={() => answer(false)}
      title="Please confirm"
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button variant="danger" size="sm" onClick={() => answer(true)}>
            {question.confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{question.message}</p>
    </Modal>
  );
  return { ask, dialog };
}
