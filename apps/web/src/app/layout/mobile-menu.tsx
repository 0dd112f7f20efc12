import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect } from 'react';
import { IconButton } from '../../components/button.tsx';
import { CloseIcon, LogoMark } from '../../components/icons.tsx';
import { SidebarNav } from './app-sidebar.tsx';

/**
 * The sidebar on phones: a modal dialog from the left (Headless UI: focus trapped inside, Escape or a tap on the
 * backdrop closes it, focus goes back to the menu button). Loaded when first opened: the header is in every
 * first load, and the dialog library is not needed on a desktop.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  // Widened past the md breakpoint (a tablet turned), the sidebar shows: an open, hidden dialog would leave
  // the page inert.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 48rem)');
    const closeWhenWide = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [onClose]);

  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50 md:hidden">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-slate-900 shadow-xl">
        <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-slate-800 px-4">
          <LogoMark className="size-7 shrink-0" />
          <DialogTitle className="flex-1 text-base font-semibold text-white">Menu</DialogTitle>
          <IconButton
            aria-label="Close menu"
            onClick={onClose}
            className="size-10 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-sky-300"
          >
            <CloseIcon />
          </IconButton>
        </div>
        <SidebarNav onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
