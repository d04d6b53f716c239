/**
 * Structured log lines (one JSON object a line). By convention callers pass ids, kinds, counts and
 * statuses only: never a name, e-mail, phone or address (personal data stays in the database).
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

function line(level: string, event: string, fields: LogFields = {}) {
  return JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
}

export const consoleLogger: Logger = {
  info: (event, fields) => console.log(line('info', event, fields)),
  warn: (event, fields) => console.warn(line('warn', event, fields)),
  error: (event, fields) => console.error(line('error', event, fields)),
};

/** The class of an unexpected error, for logs: its message may quote data. */
export function errorKind(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return typeof error;
}
