import fs from 'node:fs';
import { pino, type Logger } from 'pino';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

export type { Logger } from 'pino';

/** The level words of the log format the System Logs screen parses. */
export type LogLevelName = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR' | 'CRITICAL';

const LEVEL_NAMES: Record<number, LogLevelName> = {
  10: 'DEBUG',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARNING',
  50: 'ERROR',
  60: 'CRITICAL',
};

const PINO_LEVELS = { debug: 'debug', info: 'info', warning: 'warn', error: 'error' } as const;

/** Keys pino writes itself; anything else on a record is shown after the message. */
const RECORD_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'err']);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS,mmm` in local time. */
export function formatLogTimestamp(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())},${pad(date.getMilliseconds(), 3)}`
  );
}

/** One entry of the app's log format: `YYYY-MM-DD HH:MM:SS,mmm - <logger> - <LEVEL> - <message>`. */
export function formatLogLine(date: Date, loggerName: string, level: LogLevelName, message: string): string {
  return `${formatLogTimestamp(date)} - ${loggerName} - ${level} - ${message}`;
}

interface PinoRecord {
  level: number;
  time: number;
  name?: string;
  msg?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** Turns one pino JSON record into our text format; a stack trace follows on its own lines. */
export function formatPinoRecord(json: string): string {
  const record = JSON.parse(json) as PinoRecord;
  let message = record.msg ?? '';
  const extras = Object.fromEntries(Object.entries(record).filter(([key]) => !RECORD_KEYS.has(key)));
  if (Object.keys(extras).length > 0) message += ` ${JSON.stringify(extras)}`;
  if (record.err?.message && !message.includes(record.err.message)) message += `: ${record.err.message}`;
  const line = formatLogLine(
    new Date(record.time),
    record.name ?? 'app',
    LEVEL_NAMES[record.level] ?? 'INFO',
    message.replace(/\r?\n/g, ' '),
  );
  const stack = stackFrames(record.err);
  return stack ? `${line}\n${stack}\n` : `${line}\n`;
}

/** The `at …` lines of an error's stack, without the message lines that head it. */
function stackFrames(err: PinoRecord['err']): string | undefined {
  if (!err?.stack) return undefined;
  const frames = err.stack.split('\n');
  const firstFrame = frames.findIndex((line) => /^\s+at /.test(line));
  return firstFrame === -1 ? undefined : frames.slice(firstFrame).join('\n');
}

export interface LoggerOptions {
  logDir: string;
  level: keyof typeof PINO_LEVELS;
  /** Also print to stdout (the server does; tests and the CLI do not). */
  stdout: boolean;
  fileName?: string;
  maxFileBytes?: number;
  keepFiles?: number;
}

export interface LogOutput {
  logger: Logger;
  /** Flushes and closes the log file. */
  close(): Promise<void>;
}

/** Creates the root logger: every line to `LOG_DIR/app.log` (rotated by size) and, optionally, stdout. */
export function createLogger(options: LoggerOptions): LogOutput {
  fs.mkdirSync(options.logDir, { recursive: true });
  const fileName = options.fileName ?? 'app.log';
  const base = fileName.replace(/\.log$/, '');
  const file: RotatingFileStream = createStream((index) => (index ? `${base}.${index}.log` : fileName), {
    path: options.logDir,
    size: `${Math.round((options.maxFileBytes ?? 10 * 1024 * 1024) / 1024)}K`,
    rotate: options.keepFiles ?? 5,
  });
  const destination = {
    write(json: string) {
      const text = formatPinoRecord(json);
      // A line after close (a request that ended during shutdown) goes to stdout only: writing to the ended
      // file stream would raise an unhandled 'error' and end the process.
      if (!file.writableEnded) file.write(text);
      if (options.stdout) process.stdout.write(text);
    },
  };
  const logger = pino({ name: 'app', level: PINO_LEVELS[options.level], base: undefined }, destination);
  return {
    logger,
    close: () => new Promise<void>((resolve) => file.end(() => resolve())),
  };
}

/** A logger that drops everything (unit tests that do not look at logs). */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
