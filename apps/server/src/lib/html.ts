import { createHash } from 'node:crypto';
/** Escapes text for HTML element content and double-quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A Content-Security-Policy source allowing exactly this inline script or stylesheet ('sha256-…'). */
export const cspHash = (inline: string) => `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
