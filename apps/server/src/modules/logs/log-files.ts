import fs from 'node:fs';
import { open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { LogFile } from '@mining-hub/contract/logs';
import { badRequest } from '../../errors.ts';

interface ListedLogFile extends LogFile {
  /** Where the name leads once symlinks are followed (always inside the log directory). */
  realPath: string;
  mtimeMs: number;
}

const NAMED_LOGS: Record<string, string> = { app: 'Application', scraper: 'Scraper' };

/** `app.log` → "Application Log", `app.2.log` → "Application Log (rotated 2)", `ingest_errors.log` → "Ingest Errors Log". */
export function displayNameOf(fileName: string): string {
  const match = /^(.*?)(?:\.(\d+))?\.log$/.exec(fileName);
  const base = match?.[1] || fileName;
  const words =
    NAMED_LOGS[base.toLowerCase()] ??
    base
      .split(/[\s._-]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  return `${words} Log${match?.[2] ? ` (rotated ${match[2]})` : ''}`;
}

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof Error && 'code' in error && codes.includes(String(error.code));

/**
 * The `.log` files directly in `logDir`, newest first. A symlink is listed only when it leads to a regular
 * file inside the directory, so no name can reach a file elsewhere.
 */
export async function listLogFiles(logDir: string): Promise<ListedLogFile[]> {
  if (!logDir) return [];
  let realDir: string;
  let entries: fs.Dirent[];
  try {
    realDir = await realpath(logDir);
    entries = await readdir(realDir, { withFileTypes: true });
  } catch (error) {
    if (isCode(error, 'ENOENT', 'ENOTDIR')) return [];
    throw error;
  }
  const files: ListedLogFile[] = [];
  for (const entry of entries) {
    if (!entry.name.endsWith('.log') || !(entry.isFile() || entry.isSymbolicLink())) continue;
    try {
      const target = await realpath(path.join(realDir, entry.name));
      if (!isInside(realDir, target)) continue;
      const info = await stat(target);
      if (!info.isFile()) continue;
      files.push({
        name: entry.name,
        display_name: displayNameOf(entry.name),
        size: info.size,
        realPath: target,
        mtimeMs: info.mtimeMs,
      });
    } catch (error) {
      // Deleted while listing, or a dangling symlink: not a file anyone can read.
      if (isCode(error, 'ENOENT', 'ENOTDIR', 'ELOOP')) continue;
      throw error;
    }
  }
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
}

function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Opens a file `listLogFiles` lists, by name; anything else (a path, `..`, a file outside the directory,
 * one deleted since the list was shown) is refused with 400.
 */
export async function openLogFile(logDir: string, name: string): Promise<FileHandle> {
  if (name.includes('/') || name.includes('\\') || name.includes('\0') || !name.endsWith('.log')) {
    throw badRequest(`Invalid log file name: ${JSON.stringify(name.slice(0, 100))}`);
  }
  const listed = (await listLogFiles(logDir)).find((file) => file.name === name);
  if (!listed) throw badRequest(`Unknown log file: ${name}. It may have been deleted or rotated; refresh the list.`);
  try {
    // O_NOFOLLOW: the resolved path must not have been swapped for a symlink since it was checked.
    const handle = await open(listed.realPath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw badRequest(`Unknown log file: ${name}`);
    }
    return handle;
  } catch (error) {
    if (isCode(error, 'ENOENT', 'ELOOP', 'ENOTDIR')) {
      throw badRequest(`Unknown log file: ${name}. It may have been deleted or rotated; refresh the list.`);
    }
    throw error;
  }
}
