import fs from 'node:fs';
import path from 'node:path';
import { type ScraperOutputFile, type ScraperOutputType, type ScraperOutputs } from '@mining-hub/contract/scraper';
import { badRequest, notFound } from '../../errors.ts';
import { OUTPUT_EXTENSIONS } from '../../scraper/scraper-exports.ts';

export const OUTPUT_CONTENT_TYPES: Record<ScraperOutputType, string> = {
  json: 'application/json',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  reports: 'application/json',
};

/** The output files of each kind, newest first: regular files only (no symlinks, no half-written dotfiles). */
export async function listOutputs(outputDir: string): Promise<ScraperOutputs> {
  const [json, excel, reports] = await Promise.all([
    listType(outputDir, 'json'),
    listType(outputDir, 'excel'),
    listType(outputDir, 'reports'),
  ]);
  return { json, excel, reports };
}

async function listType(outputDir: string, type: ScraperOutputType): Promise<ScraperOutputFile[]> {
  const folder = path.join(outputDir, type);
  let names: fs.Dirent[];
  try {
    names = await fs.promises.readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((entry) => entry.isFile() && isListableName(entry.name, type))
      .map(async (entry) => {
        try {
          const stats = await fs.promises.lstat(path.join(folder, entry.name));
          return [{ name: entry.name, size: stats.size, modified: Math.floor(stats.mtimeMs / 1000) }];
        } catch {
          return []; // deleted between readdir and lstat
        }
      }),
  );
  return files.flat().sort((a, b) => b.modified - a.modified || b.name.localeCompare(a.name));
}

function isListableName(name: string, type: ScraperOutputType): boolean {
  return !name.startsWith('.') && name.endsWith(OUTPUT_EXTENSIONS[type]);
}

/**
 * The absolute path of an output the listing would return. A path, `..`, a hidden or foreign name or a
 * symlink answers 400; a well-formed name that is not there answers 404.
 */
export async function resolveOutput(outputDir: string, type: ScraperOutputType, filename: string): Promise<string> {
  if (
    filename !== path.basename(filename) ||
    /[/\\\0]/.test(filename) ||
    filename === '..' ||
    !isListableName(filename, type)
  ) {
    throw badRequest(`Invalid file name: ${JSON.stringify(filename.slice(0, 100))}`);
  }
  const folder = path.join(outputDir, type);
  const file = path.join(folder, filename);
  let stats: fs.Stats;
  try {
    stats = await fs.promises.lstat(file);
  } catch {
    throw notFound(`File not found: ${filename}`);
  }
  if (!stats.isFile()) throw badRequest(`Invalid file name: ${JSON.stringify(filename)} is not a regular file`);
  return file;
}
