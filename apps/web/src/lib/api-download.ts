import { useMutation } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { API_BASE, apiBlob } from './api-client.ts';

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A download link for a file of the API (a CSV export) that fetches it with the session and saves it under
 * `fileName`. Unlike a plain link it can show that it is busy while the server writes the file, and a
 * refusal's `{detail}` (handed to `onFailed`) instead of saving the error as the file.
 */
export function useApiDownload(path: string, fileName: string, onFailed: (error: unknown) => void) {
  const download = useMutation({
    mutationFn: async () => saveBlob(await apiBlob(path), fileName),
    onError: onFailed,
  });
  return {
    busy: download.isPending,
    /** Spread on an `<a>`: it stays a real link (a new tab, a copied address) while a click is handled here. */
    linkProps: {
      href: `${API_BASE}${path}`,
      download: fileName,
      'aria-disabled': download.isPending || undefined,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        if (!download.isPending) download.mutate();
      },
    },
  };
}
