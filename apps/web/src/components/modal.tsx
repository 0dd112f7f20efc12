import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title (source, date, badges). */
  subtitle?: ReactNode;
  /** Buttons in the footer. */
  footer?: ReactNode;
  /** 'md' for a confirmation or a short form, 'lg' (the default) for reading. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/**
 * A large dialog over the page: it takes the focus (the dialog itself, so its title is read first), Tab stays
 * inside, Escape or the backdrop closes it, the focus then returns to the control that opened it, and the page
 * does not scroll.
 */
export function Modal({ open, onClose, title, subtitle, footer, size = 'lg', children }: ModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // The dialog element holds the focus at first: a ring around the whole screen would say nothing.
      className="fixed inset-0 z-50 flex w-screen items-start justify-center overflow-y-auto p-4 focus:outline-none sm:p-8"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel
        className={`relative flex max-h-[calc(100vh-2rem)] w-full flex-col rounded-xl bg-white shadow-xl ring-1 ring-slate-200 sm:max-h-[calc(100vh-4rem)] ${
          size === 'md' ? 'max-w-lg' : 'max-w-4xl'
        }`}
      >
        <header className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
          <div className="min-w-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {subtitle && <div className="mt-1 text-sm text-slate-500">{subtitle}</div>}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            title="Close"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <CloseIcon />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {footer && (
          <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-6 py-3">
            {footer}
          </footer>
        )}
      </DialogPanel>
    </Dialog>
  );
}
