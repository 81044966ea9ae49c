/** Minimal structured logger: one JSON line per event; never pass secrets to it. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;
let current: LogLevel = (process.env.LOG_LEVEL as LogLevel) in levels ? (process.env.LOG_LEVEL as LogLevel) : 'info';

/** Sets the minimum level written. */
export function setLogLevel(level: LogLevel): void {
  current = level;
}

type Sink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;
const stdSink: Sink = (line, level) => (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
let sink: Sink = stdSink;

/** Sends log lines somewhere else (tests read them); no argument restores stdout/stderr. */
export function setLogSink(next?: Sink): void {
  sink = next ?? stdSink;
}

function write(level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>): void {
  if (levels[level] < levels[current]) return;
  sink(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }), level);
}

/** The server's logger. */
export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
