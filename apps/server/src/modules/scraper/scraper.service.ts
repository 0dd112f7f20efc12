import fs from 'node:fs';
import { COUNTRIES } from '@mining-hub/contract/reference-data';
import type {
  ScraperOutputs,
  ScraperOutputType,
  ScraperProgress,
  ScraperSettings,
  ScraperStatus,
} from '@mining-hub/contract/scraper';
import { badRequest, conflict } from '../../errors.ts';
import { nullAudit, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import { emptyCounters, progressOf } from '../../scraper/scraper-progress.ts';
import type { KnownCompany } from '../../adapters/news-sources/news-source.ts';
import { listOutputs, readKnownOwners, resolveOutput } from './scraper-outputs.ts';
import type { ScraperRepository, ScraperRun } from './scraper.repository.ts';

export interface ScraperServiceDeps {
  repository: ScraperRepository;
  /** DATA_DIR/scraper/outputs. */
  outputDir: string;
  /** How long start waits for the worker to report the child's pid, and stop for the child to end. */
  startWaitMs?: number;
  stopWaitMs?: number;
  /** A run whose worker has not reported for this long has no live supervisor. */
  staleAfterMs?: number;
  /** Records each start, pause, resume, stop and deleted output file. */
  audit?: Pick<AuditService, 'record'>;
}

const POLL_MS = 100;
const countryByName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country.code]));
const countryCodes = new Set(COUNTRIES.map((country) => country.code));

/** Start, pause, resume and stop write the wanted state; the supervising worker does the rest. */
export function createScraperService(deps: ScraperServiceDeps) {
  const { repository } = deps;
  const startWaitMs = deps.startWaitMs ?? 3000;
  const stopWaitMs = deps.stopWaitMs ?? 12_000;
  const staleAfterMs = deps.staleAfterMs ?? 10_000;
  const audit = deps.audit ?? nullAudit;

  /** Polls the run until `done` says so or the time is up; returns the last row read. */
  const waitFor = async (id: number, done: (run: ScraperRun) => boolean, ms: number) => {
    const until = Date.now() + ms;
    let run = await repository.findById(id);
    while (run && !done(run) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      run = await repository.findById(id);
    }
    return run;
  };

  return {
    /** What runs now; all empty when nothing does. */
    async status(): Promise<ScraperStatus> {
      return statusOf(await repository.findActive());
    },

    /** Progress of the active run, or of the last one. */
    async progress(): Promise<ScraperProgress> {
      return progressOfRun(await repository.findLatest());
    },

    /** Starts a run with validated settings; 409 while another run is active anywhere in the deployment. */
    async start(settings: ScraperSettings, actor: AuditActor | null): Promise<ScraperStatus> {
      const countries = settings.countries ? resolveCountries(settings.countries) : undefined;
      const run = await repository.insertRun({ ...settings, countries }, actor?.id ?? null);
      if (!run) throw conflict('A scraper run is already active');
      await audit.record({ actor, action: 'scraper_started', target: `run ${run.id}`, detail: `mode ${run.mode}` });
      const started = await waitFor(
        run.id,
        (current) => current.pid !== null || current.status !== 'running',
        startWaitMs,
      );
      return statusOf(started ?? run);
    },

    async pause(actor: AuditActor | null = null): Promise<ScraperStatus> {
      const run = await repository.transition(['running'], 'paused');
      if (!run) throw conflict('The scraper is not running');
      await audit.record({ actor, action: 'scraper_paused', target: `run ${run.id}` });
      return statusOf(run);
    },

    async resume(actor: AuditActor | null = null): Promise<ScraperStatus> {
      const run = await repository.transition(['paused'], 'running');
      if (!run) throw conflict('The scraper is not paused');
      await audit.record({ actor, action: 'scraper_resumed', target: `run ${run.id}` });
      return statusOf(run);
    },

    /** Emergency Stop: the worker stops the child (killing it after a short grace) and the run ends cancelled. */
    async stop(actor: AuditActor | null = null): Promise<ScraperStatus> {
      const run = (await repository.transition(['running', 'paused'], 'stopping')) ?? (await repository.findActive());
      if (!run) throw conflict('No scraper run is active');
      await audit.record({ actor, action: 'scraper_stopped', target: `run ${run.id}` });
      const ended = hasLiveSupervisor(run, staleAfterMs)
        ? await waitFor(run.id, (current) => current.status !== 'stopping', stopWaitMs)
        : run;
      if (ended?.status === 'stopping') {
        if (hasLiveSupervisor(ended, staleAfterMs))
          throw conflict('The scraper is still stopping; try again in a few seconds');
        // No worker supervises a child of this run, so there is nothing to stop: end it here.
        await repository.finish(run.id, 'cancelled', { progress: { ...progressOfRun(ended), status: 'cancelled' } });
      }
      return statusOf(await repository.findActive());
    },

    async outputs(): Promise<ScraperOutputs> {
      return listOutputs(deps.outputDir);
    },

    /** The project owners of the newest scrape, with their market cap: what the news range filters know of them. */
    knownOwners(): Promise<KnownCompany[]> {
      return readKnownOwners(deps.outputDir);
    },

    /** The path of a listed output file; 400 for anything the listing would not return. */
    async outputFile(type: ScraperOutputType, filename: string): Promise<string> {
      return resolveOutput(deps.outputDir, type, filename);
    },

    async deleteOutput(type: ScraperOutputType, filename: string, actor: AuditActor | null = null): Promise<void> {
      await fs.promises.unlink(await resolveOutput(deps.outputDir, type, filename));
      await audit.record({ actor, action: 'scraper_output_deleted', target: filename, detail: type });
    },
  };
}

export type ScraperService = ReturnType<typeof createScraperService>;

function hasLiveSupervisor(run: ScraperRun, staleAfterMs: number): boolean {
  return run.owner !== null && run.heartbeat_at !== null && Date.now() - run.heartbeat_at.getTime() <= staleAfterMs;
}

function statusOf(run: ScraperRun | undefined): ScraperStatus {
  if (!run || !['running', 'paused', 'stopping'].includes(run.status)) {
    return { running: false, paused: false, pid: null, start_time: null, mode: null };
  }
  return {
    running: run.status !== 'paused',
    paused: run.status === 'paused',
    pid: run.pid,
    start_time: run.started_at.toISOString(),
    mode: run.mode,
  };
}

/** The stored progress with the run's own state as its status (the row is the source of truth). */
export function progressOfRun(run: ScraperRun | undefined): ScraperProgress {
  if (!run) return progressOf(emptyCounters(), new Date());
  const stored = run.progress
    ? withSkipFields(run.progress)
    : progressOf({ ...emptyCounters(), status: 'running', activity: 'Starting' }, new Date());
  switch (run.status) {
    case 'running':
      return { ...stored, status: 'running' };
    case 'paused':
      return { ...stored, status: 'paused', estimated_completion: null };
    case 'stopping':
      return { ...stored, status: 'running', current_activity: 'Stopping', estimated_completion: null };
    case 'failed':
      return { ...stored, status: 'failed', error: run.error ?? stored.error, estimated_completion: null };
    default:
      return { ...stored, status: run.status, estimated_completion: null };
  }
}

/** Progress recorded before pages could be skipped has no skip fields. */
function withSkipFields(progress: ScraperProgress): ScraperProgress {
  const recorded: Partial<ScraperProgress> = progress;
  return { ...progress, projects_skipped: recorded.projects_skipped ?? 0, skipped_pages: recorded.skipped_pages ?? [] };
}

/** Country names or ISO codes → ISO codes; 400 naming any it does not know. */
function resolveCountries(values: string[]): string[] {
  const unknown: string[] = [];
  const codes = values.flatMap((value) => {
    const upper = value.toUpperCase();
    const code = countryCodes.has(upper) ? upper : countryByName.get(value.toLowerCase());
    if (!code) unknown.push(value);
    return code ? [code] : [];
  });
  if (unknown.length > 0) throw badRequest(`countries: unknown ${unknown.map((name) => `'${name}'`).join(', ')}`);
  return [...new Set(codes)];
}
