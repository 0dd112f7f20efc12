import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScraperProgress } from '@mining-hub/contract/scraper';
import { isDatabaseUnavailable } from '../../db/database-outage.ts';
import type { Logger } from '../../logging.ts';
import type { ProjectSourceConfig } from '../../adapters/project-sources/project-sources.ts';
import type { ChildMessage, ScraperChildConfig, SupervisorMessage } from '../../scraper/scraper-messages.ts';
import type { ScraperRepository, ScraperRun } from './scraper.repository.ts';
import { progressOfRun } from './scraper.service.ts';

const CHILD_ENTRY = path.resolve(import.meta.dirname, '../../scraper/scraper-child.ts');
const STDERR_TAIL_LINES = 20;

export interface ScraperSupervisorOptions {
  repository: ScraperRepository;
  logger: Logger;
  /** DATA_DIR/scraper: `state/run-N` and `outputs/{json,excel,reports}` live here. */
  scraperDir: string;
  logDir: string;
  logLevel: ScraperChildConfig['logLevel'];
  chromiumPath: string;
  source: ProjectSourceConfig;
  /** How often the worker reconciles the run with its child and reports a heartbeat. */
  pollMs?: number;
  /** Another worker's run is taken over when its heartbeat is this old. */
  staleAfterMs?: number;
  /** Emergency Stop waits this long for a graceful exit, then kills the child. */
  stopGraceMs?: number;
  /** Called when a run completed and its output files are written (accounts import them). */
  onRunCompleted?: (runId: number) => void;
  /** The crawler child's entry module (tests fork one that misbehaves). */
  childEntry?: string;
}

interface Supervised {
  runId: number;
  child: ChildProcess;
  progress: ScraperProgress | null;
  childPaused: boolean;
  stopSentAt: number | null;
  /** The child's own last word: how the run ended, if it said. */
  outcome: ChildMessage | null;
  stderrTail: string[];
  exited: Promise<void>;
  /** Messages held until the child has its config: it asks for that with `ready`. */
  pending: SupervisorMessage[] | null;
}

/**
 * Runs in the worker role. Every `pollMs` it claims the deployment's active run when nobody supervises
 * it, forks the crawler child for it, passes on pause / resume / stop written by the API, writes the
 * child's pid and progress back, and records how the run ended when the child exits.
 */
export function createScraperSupervisor(options: ScraperSupervisorOptions) {
  const { repository, logger } = options;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 500;
  const staleAfterMs = options.staleAfterMs ?? 10_000;
  const stopGraceMs = options.stopGraceMs ?? 5000;
  let current: Supervised | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let closing = false;

  const send = (supervised: Supervised, message: SupervisorMessage) => {
    if (supervised.pending) supervised.pending.push(message);
    // A child that is going (stopped, crashed) can close its channel between `connected` and the write: the
    // write then fails with EPIPE, which without a callback is thrown as the ChildProcess's 'error' event and
    // ends the server. Its exit is recorded by onChildExit; the lost message is only worth a line.
    else if (supervised.child.connected)
      supervised.child.send(message, (error) => {
        if (error)
          logger.warn(
            `scraper run ${supervised.runId}: could not send '${message.type}' to its child: ${error.message}`,
          );
      });
  };

  const spawnChild = (run: ScraperRun): Supervised => {
    const config: ScraperChildConfig = {
      runId: run.id,
      settings: run.settings,
      countries: run.mode === 'test' ? ['AU'] : (run.settings.countries ?? []),
      source: options.source,
      startedAt: run.started_at.toISOString(),
      stateDir: path.join(options.scraperDir, 'state', `run-${run.id}`),
      outputDir: path.join(options.scraperDir, 'outputs'),
      logDir: options.logDir,
      logLevel: options.logLevel,
      chromiumPath: options.chromiumPath,
      startPaused: run.status === 'paused',
    };
    // Its own process group, so an Emergency Stop can kill it together with anything it started. The
    // config (with the MiningHub token) goes over IPC: a command line is readable by any local user.
    const child = fork(options.childEntry ?? CHILD_ENTRY, [], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, CRAWLEE_STORAGE_DIR: path.join(config.stateDir, 'crawlee') },
    });
    const supervised: Supervised = {
      runId: run.id,
      child,
      progress: run.progress,
      childPaused: config.startPaused,
      stopSentAt: null,
      outcome: null,
      stderrTail: [],
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
      pending: [],
    };
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      supervised.stderrTail.push(...chunk.split('\n').filter((line) => line.trim()));
      supervised.stderrTail.splice(0, Math.max(0, supervised.stderrTail.length - STDERR_TAIL_LINES));
    });
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        const held = supervised.pending ?? [];
        supervised.pending = null;
        for (const next of [{ type: 'start', config } as const, ...held]) send(supervised, next);
        return;
      }
      supervised.progress = message.progress;
      if (message.type !== 'progress') supervised.outcome = message;
    });
    child.once('exit', (code, signal) => void onChildExit(supervised, code, signal));
    // Failing to spawn or to signal it: 'exit' follows when there was a process, and records the run.
    child.on('error', (error) => logger.error({ err: error }, `scraper run ${run.id}: child process error`));
    logger.info(`scraper run ${run.id}: started child process ${child.pid ?? '?'} (${run.mode} mode)`);
    return supervised;
  };

  const onChildExit = async (supervised: Supervised, code: number | null, signal: NodeJS.Signals | null) => {
    const { runId, outcome } = supervised;
    if (current === supervised) current = undefined;
    const progress = supervised.progress;
    try {
      if (outcome?.type === 'finished' && outcome.status === 'completed') {
        await repository.finish(runId, 'completed', { progress: outcome.progress });
        logger.info(`scraper run ${runId}: completed`);
        removeState(runId);
        options.onRunCompleted?.(runId);
      } else if (supervised.stopSentAt !== null && !closing) {
        await repository.finish(runId, 'cancelled', { progress: progress && { ...progress, status: 'cancelled' } });
        logger.info(`scraper run ${runId}: cancelled by Emergency Stop`);
        removeState(runId);
      } else if (closing || (outcome?.type === 'finished' && outcome.status === 'suspended')) {
        logger.info(`scraper run ${runId}: suspended; it continues when a worker starts again`);
      } else {
        const reason =
          outcome?.type === 'failed'
            ? outcome.error
            : `The scraper process exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code ?? '?'}`})` +
              (supervised.stderrTail.length > 0 ? `: ${supervised.stderrTail.slice(-3).join(' | ')}` : '');
        await repository.finish(runId, 'failed', {
          progress: progress && { ...progress, status: 'failed', error: reason },
          error: reason,
        });
        logger.error(`scraper run ${runId} failed: ${reason}`);
        if (supervised.stderrTail.length > 0)
          logger.error(`scraper child stderr:\n${supervised.stderrTail.join('\n')}`);
      }
    } catch (error) {
      logger.error({ err: error }, `scraper run ${runId}: could not record how it ended`);
    }
  };

  const removeState = (runId: number) => {
    fs.rm(path.join(options.scraperDir, 'state', `run-${runId}`), { recursive: true, force: true }, () => {});
  };

  /** Kills the child's whole process group (the child and anything it started). */
  const kill = (supervised: Supervised) => {
    const pid = supervised.child.pid;
    if (pid === undefined || supervised.child.exitCode !== null || supervised.child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      supervised.child.kill('SIGKILL');
    }
  };

  /** Reconciles the child with the run's wanted state. */
  const reconcile = async (supervised: Supervised, run: ScraperRun | undefined) => {
    if (!run) {
      // The run is no longer ours (ended elsewhere, or taken over after we stalled): stop our child.
      logger.warn(`scraper run ${supervised.runId}: no longer supervised here; stopping its child`);
      supervised.stopSentAt ??= Date.now();
      kill(supervised);
      return;
    }
    if (run.status === 'stopping') {
      if (supervised.stopSentAt === null) {
        supervised.stopSentAt = Date.now();
        send(supervised, { type: 'stop' });
        supervised.child.kill('SIGTERM');
      } else if (Date.now() - supervised.stopSentAt > stopGraceMs) {
        logger.warn(`scraper run ${run.id}: child did not stop within ${stopGraceMs} ms; killing it`);
        kill(supervised);
      }
    } else if (run.status === 'paused' && !supervised.childPaused) {
      supervised.childPaused = true;
      send(supervised, { type: 'pause' });
    } else if (run.status === 'running' && supervised.childPaused) {
      supervised.childPaused = false;
      send(supervised, { type: 'resume' });
    }
  };

  const adopt = async (run: ScraperRun) => {
    if (run.pid !== null && run.host === os.hostname()) killLeftover(run.pid, logger);
    if (run.status === 'stopping') {
      await repository.finish(run.id, 'cancelled', { progress: { ...progressOfRun(run), status: 'cancelled' } });
      return;
    }
    // A pid left on the row means its last worker died without handing the run back.
    if (run.pid !== null) logger.warn(`scraper run ${run.id}: taking over; its last worker stopped reporting`);
    current = spawnChild(run);
  };

  const tick = async () => {
    if (closing) return;
    try {
      if (current) {
        const supervised = current;
        const progress = supervised.progress;
        const run = await repository.heartbeat(supervised.runId, owner, {
          pid: supervised.child.pid ?? null,
          host: os.hostname(),
          progress: progress && { ...progress, status: supervised.childPaused ? 'paused' : progress.status },
        });
        await reconcile(supervised, run && ['running', 'paused', 'stopping'].includes(run.status) ? run : undefined);
      } else {
        const run = await repository.claimActive(owner, staleAfterMs);
        if (run) await adopt(run);
      }
    } catch (error) {
      // A database outage is logged once by the database handle; supervision resumes when it is back.
      if (!isDatabaseUnavailable(error)) logger.error({ err: error }, 'scraper supervision failed');
    }
  };

  return {
    owner,
    start(): void {
      timer = setInterval(() => {
        ticking ??= tick().finally(() => {
          ticking = undefined;
        });
      }, pollMs);
      timer.unref();
    },
    /** Server shutdown: the child stops where it is; the run stays active and continues after a restart. */
    async close(): Promise<void> {
      closing = true;
      if (timer) clearInterval(timer);
      await ticking;
      const supervised = current;
      if (!supervised) return;
      send(supervised, { type: 'suspend' });
      const killer = setTimeout(() => kill(supervised), stopGraceMs);
      await supervised.exited;
      clearTimeout(killer);
      await repository.release(supervised.runId, owner);
    },
  };
}

/** A child left by an earlier server on this host (should have exited with it): make sure it is gone. */
function killLeftover(pid: number, logger: Logger): void {
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running
  }
  if (!commandLine.includes('scraper-child')) return; // the pid was reused by something else
  logger.warn(`killing leftover scraper child ${pid}`);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export type ScraperSupervisor = ReturnType<typeof createScraperSupervisor>;
