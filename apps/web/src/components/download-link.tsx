import type { ReactNode } from 'react';
import { buttonClasses } from './button.tsx';
import { DownloadIcon } from './icons.tsx';

/** A file the server sends as an attachment, fetched by a plain link (the session cookie goes with it). */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonClasses('secondary')}>
      <DownloadIcon className="size-4" />
      {children}
    </a>
  );
}
