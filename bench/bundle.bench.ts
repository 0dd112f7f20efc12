import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { printFigure } from './lib/server.ts';

/**
 * What the browser downloads, gzipped: the JavaScript of the dashboard's first load (index.html's entry
 * with everything it imports, plus the dashboard route's chunks), against the 170 KB goal of issue 16;
 * the Reports page's, and what its charts (recharts, loaded by that page alone) add after it. Built with Vite into a temporary folder
 * (the app's own dist is left alone), read from Vite's manifest.
 */

const WEB_DIR = path.resolve(import.meta.dirname, '../apps/web');
const GOAL_KB = 170;
// The modules the router's dashboard route loads (app/router.tsx): the page and the pin board it shows.
const DASHBOARD_ROUTE = ['src/features/dashboard/dashboard-page.tsx', 'src/features/pinboard/components/pin-board.tsx'];
const REPORTS_ROUTE = ['src/features/reports/reports-page.tsx'];
const REPORT_CHARTS = 'src/features/reports/components/report-charts.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzip = promisify(zlib.gzip);

async function build(outDir: string): Promise<Manifest> {
  const vite = path.resolve(WEB_DIR, '../../node_modules/vite/bin/vite.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
      cwd: WEB_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks `keys` load: themselves and, transitively, their static imports (what a browser fetches at once). */
function loadedWith(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...keys];
  const seen = new Set<string>();
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: has the route moved?`);
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

async function gzippedKb(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    bytes += (await gzip(await readFile(path.join(outDir, file)))).length;
  }
  return bytes / 1024;
}

const outDir = await mkdtemp(path.join(os.tmpdir(), 'mh-bundle-'));
try {
  const manifest = await build(outDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const dashboard = await gzippedKb(outDir, loadedWith(manifest, [...entries, ...DASHBOARD_ROUTE]));
  const verdict = dashboard < GOAL_KB ? '' : ', MISSED';
  printFigure('bundle dashboard first load (js, gzip)', dashboard, 'KB', `(goal < ${GOAL_KB}${verdict})`);
  const reportsPage = loadedWith(manifest, [...entries, ...REPORTS_ROUTE]);
  printFigure('bundle reports first load (js, gzip)', await gzippedKb(outDir, reportsPage), 'KB');
  const charts = [...loadedWith(manifest, [REPORT_CHARTS])].filter((file) => !reportsPage.has(file));
  printFigure('bundle reports charts, loaded after', await gzippedKb(outDir, charts), 'KB');
} finally {
  await rm(outDir, { recursive: true, force: true });
}
