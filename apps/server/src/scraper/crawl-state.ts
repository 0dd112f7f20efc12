import fs from 'node:fs';
import path from 'node:path';
import type { ScraperSkippedPage } from '@mining-hub/contract/scraper';
import type { ScrapedProject } from '../adapters/project-sources/project-source.ts';

export interface ProjectFailure {
  gid: string;
  reason: string;
}

interface DiscoveryCheckpoint {
  countriesCompleted: string[];
  gids: string[];
}

/**
 * A run's crawl state under DATA_DIR/scraper/state/run-N: discovered ids (rewritten per country) and
 * assembled, failed or skipped projects (appended one JSON line each), so a new child continues where
 * the last one stopped instead of starting over.
 */
export class CrawlState {
  readonly countriesCompleted = new Set<string>();
  readonly gids = new Set<string>();
  readonly projects = new Map<string, ScrapedProject>();
  readonly failures = new Map<string, string>();
  /** Pages that need a browser, skipped because none could be started. */
  readonly skipped = new Map<string, ScraperSkippedPage>();
  private readonly projectsFile: string;
  private readonly failuresFile: string;
  private readonly skippedFile: string;
  private readonly discoveryFile: string;

  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
    this.projectsFile = path.join(dir, 'projects.jsonl');
    this.failuresFile = path.join(dir, 'failures.jsonl');
    this.skippedFile = path.join(dir, 'skipped.jsonl');
    this.discoveryFile = path.join(dir, 'discovery.json');
  }

  /** Opens (or creates) the state of one run. */
  static open(dir: string): CrawlState {
    fs.mkdirSync(dir, { recursive: true });
    const state = new CrawlState(dir);
    const discovery = readJson<DiscoveryCheckpoint>(state.discoveryFile);
    for (const country of discovery?.countriesCompleted ?? []) state.countriesCompleted.add(country);
    for (const gid of discovery?.gids ?? []) state.gids.add(gid);
    for (const project of readJsonLines<ScrapedProject>(state.projectsFile)) state.projects.set(project.gid, project);
    for (const failure of readJsonLines<ProjectFailure>(state.failuresFile)) {
      if (!state.projects.has(failure.gid)) state.failures.set(failure.gid, failure.reason);
    }
    for (const page of readJsonLines<ScraperSkippedPage>(state.skippedFile)) {
      if (!state.projects.has(page.gid) && !state.failures.has(page.gid)) state.skipped.set(page.gid, page);
    }
    return state;
  }

  isDone(gid: string): boolean {
    return this.projects.has(gid) || this.failures.has(gid) || this.skipped.has(gid);
  }

  /** Records that a country's ids are all collected. */
  completeCountry(country: string, gids: Iterable<string>): void {
    for (const gid of gids) this.gids.add(gid);
    this.countriesCompleted.add(country);
    writeJsonAtomically(this.discoveryFile, {
      countriesCompleted: [...this.countriesCompleted],
      gids: [...this.gids],
    } satisfies DiscoveryCheckpoint);
  }

  addProject(project: ScrapedProject): void {
    this.projects.set(project.gid, project);
    this.failures.delete(project.gid);
    this.skipped.delete(project.gid);
    fs.appendFileSync(this.projectsFile, `${JSON.stringify(project)}\n`);
  }

  addFailure(gid: string, reason: string): void {
    if (this.projects.has(gid)) return;
    this.failures.set(gid, reason);
    fs.appendFileSync(this.failuresFile, `${JSON.stringify({ gid, reason } satisfies ProjectFailure)}\n`);
  }

  addSkipped(page: ScraperSkippedPage): void {
    if (this.isDone(page.gid)) return;
    this.skipped.set(page.gid, page);
    fs.appendFileSync(this.skippedFile, `${JSON.stringify(page)}\n`);
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Reads a JSON-lines file; a line cut short by a crash is skipped. */
function readJsonLines<T>(file: string): T[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const items: T[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      items.push(JSON.parse(line) as T);
    } catch {
      // the last line of a killed process may be incomplete
    }
  }
  return items;
}

function writeJsonAtomically(file: string, value: unknown): void {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value));
  fs.renameSync(temporary, file);
}
