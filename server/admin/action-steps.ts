/**
 * The steps every console action takes once its operator is known (operator-action.ts adds the session):
 * read the form with zod, prepare, write, audit, answer. The write and its audit row go in ONE write
 * transaction, so the journal never shows a change that did not happen, nor misses one that did.
 */
import type { Kysely } from 'kysely';
import type { z } from '@/lib/validation/zod';
import { inWriteTransaction } from '../db/connection';
import type { Database } from '../db/schema';
import type { AuditAction } from '../repositories/audit';
import type { AdminRuntime } from './runtime';

/** Who asks: the signed-in operator, the server's runtime and the request's time (read once). */
export interface OperatorRequest {
  email: string;
  runtime: AdminRuntime;
  now: number;
}

/** The journal row of a change; its actor is the operator. */
export interface AuditNote {
  action: AuditAction;
  subject?: string | null;
  details?: Record<string, unknown>;
}

/** What `prepare` answers instead of writing: problems beside their fields, a pop-up not found. */
export class Answered<Answer> {
  constructor(readonly answer: Answer) {}
}

export const answered = <Answer>(answer: Answer) => new Answered(answer);

export interface ActionSteps<Input, Change, Written, Answer> {
  /** The form's fields (formFields: a field sent once is a string, one sent several times a list). */
  input: z.ZodType<Input>;
  /** The answer to a form that does not parse (one the console never sends); without it, nothing happens. */
  invalid?: (error: z.ZodError) => Answer;
  /**
   * Before the transaction: the reads the change needs and the checks that may answer instead (problems
   * beside their fields, a pop-up not found), and work that must not hold the database's write lock (a
   * test message to Telegram, ending a session). It gives the change to write, or `answered(…)`.
   * Without it the change is the input.
   */
  prepare?: (input: Input, request: OperatorRequest) => Promise<Change | Answered<Answer>>;
  /**
   * The change, every write in `trx` (on SQLite the transaction holds the one connection). An action with
   * neither `write` nor `audit` (a preview) opens no transaction.
   */
  write?: (change: Change, trx: Kysely<Database>, request: OperatorRequest) => Promise<Written>;
  /** The change's journal row, written in the same transaction; null when nothing changed. */
  audit?: (written: Written, change: Change) => AuditNote | null;
  /** After the commit: what the operator sees (a revalidated page, a redirect, or the form's next state: codes, never sentences). */
  answer: (written: Written, change: Change) => Answer | Promise<Answer>;
}

/** A form's fields as the steps' zod schema reads them: a field sent once is a string, one sent several times (checkboxes of one name) the list. */
export function formFields(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).filter((value): value is string => typeof value === 'string');
    fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/**
 * The steps for the request's operator. `form` is what the client posted: anyone may call a server action
 * with anything, so what is not a form is read as an empty one (and refused by any schema that needs a field).
 */
export async function runActionSteps<Input, Change, Written, Answer>(
  steps: ActionSteps<Input, Change, Written, Answer>,
  request: OperatorRequest,
  form: unknown,
): Promise<Answer> {
  const parsed = steps.input.safeParse(formFields(form instanceof FormData ? form : new FormData()));
  if (!parsed.success) return steps.invalid ? steps.invalid(parsed.error) : (undefined as Answer);
  const change = steps.prepare ? await steps.prepare(parsed.data, request) : (parsed.data as unknown as Change);
  if (change instanceof Answered) return change.answer;
  const { write, audit } = steps;
  const written =
    write || audit
      ? await inWriteTransaction(request.runtime.database, async (trx) => {
          const result = (write ? await write(change, trx, request) : undefined) as Written;
          const note = audit?.(result, change);
          if (note) await request.runtime.repos.audit.record({ actor: request.email, ...note }, request.now, trx);
          return result;
        })
      : (undefined as Written);
  return steps.answer(written, change);
}
