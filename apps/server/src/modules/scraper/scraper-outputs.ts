import fs from 'node:fs';
import path from 'node:path';
import { type ScraperOutputFile, type ScraperOutputType, type ScraperOutputs } from '@mining-hub/contract/scraper';
import { z } from 'zod';
import type { KnownCompany } from '../../adapters/news-sources/news-source.ts';
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

const ownersFileSchema = z.object({
  companies: z.array(
    z.object({
      name: z.string(),
      ticker: z.string().nullish(),
      exchange: z.string().nullish(),
      market_cap_musd: z.number().nullish(),
    }),
  ),
});

/**
 * The project owners of the newest CRM-ready JSON output with the market cap the scrape found (the sources
 * give no share count); none when there is no output or it cannot be read. Cached per file and time.
 */
export async function readKnownOwners(outputDir: string): Promise<KnownCompany[]> {
  const newest = (await listType(outputDir, 'json'))[0];
  if (!newest) return [];
  const key = `${outputDir}/${newest.name}@${newest.modified}`;
  if (ownersCache?.key !== key) {
    ownersCache = { key, owners: await ownersOf(path.join(outputDir, 'json', newest.name)) };
  }
  return ownersCache.owners;
}
let ownersCache: { key: string; owners: KnownCompany[] } | undefined;

async function ownersOf(file: string): Promise<KnownCompany[]> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch {
    return []; // removed or replaced meanwhile, or not JSON: the next fetch reads the next one
  }
  const parsed = ownersFileSchema.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.companies.flatMap(({ name, ticker, exchange, market_cap_musd: marketCap }) =>
    typeof marketCap === 'number'
      ? [
          {
            name,
            ticker: ticker ?? null,
            exchange: exchange ?? null,
            marketCapMusd: marketCap,
            sharesOutstandingM: null,
          },
        ]
      : [],
  );
}
