import type { PastSchema } from './past-schema';

/**
 * Codes in storage, words at the edge: what the site writes of a failure or of who did something is a
 * code the console words, never a sentence it has to read back.
 *
 * - `outbox.last_error_code`: why a row's last attempt failed, a code of lib/outbox-failures.ts;
 *   `outbox.last_error` becomes `last_error_detail`, what goes with the code (an HTTP status, a timeout,
 *   GetCourse's refusal), never personal data. The English sentences stored before are read into code and
 *   detail here (`storedFailureOf`, frozen with the migration: the texts the site wrote up to now).
 * - `deal_reconciliation.last_error` keeps only the codes of lib/reconcile-failures.ts: GetCourse's own
 *   error code (digits, or `error`) stored before becomes `refused`, an error's class `crashed` (their
 *   detail goes to the log now).
 * - The split-test job's keep of a winner, stored as the actor «автоматически, по выводу теста», becomes
 *   the code `system:auto_keep` (lib/actors.ts) in the audit log, the pop-up versions and the split tests.
 */
export const storedCodesMigration = {
  async up(db: PastSchema) {
    await db.schema.alterTable('outbox').addColumn('last_error_code', 'text').execute();
    await db.schema.alterTable('outbox').renameColumn('last_error', 'last_error_detail').execute();
    const failed: { id: number; kind: string; last_error_detail: string }[] = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'last_error_detail'])
      .where('last_error_detail', 'is not', null)
      .execute();
    for (const row of failed) {
      const { code, detail } = storedFailureOf(row.kind, row.last_error_detail);
      await db.updateTable('outbox').set({ last_error_code: code, last_error_detail: detail }).where('id', '=', Number(row.id)).execute();
    }

    const reconciliations: { name: string; last_error: string }[] = await db
      .selectFrom('deal_reconciliation')
      .select(['name', 'last_error'])
      .where('last_error', 'is not', null)
      .execute();
    for (const row of reconciliations) {
      const code = reconcileFailureOf(row.last_error);
      if (code !== row.last_error) await db.updateTable('deal_reconciliation').set({ last_error: code }).where('name', '=', row.name).execute();
    }

    for (const [table, column] of [
      ['admin_audit_log', 'actor'],
      ['popup_versions', 'actor'],
      ['popup_tests', 'stopped_by'],
    ] as const) {
      await db
        .updateTable(table)
        .set({ [column]: 'system:auto_keep' })
        .where(column, '=', 'автоматически, по выводу теста')
        .execute();
    }
  },
};

/**
 * A failure's stored sentence as its code and detail. The alerts (`kind` `alert`) wrote Telegram's and
 * SMTP's answers, the GetCourse deliveries the client's and the worker's sentences; a sentence none of
 * them is (a release's before these) is the site's own failure, kept as its detail.
 */
export function storedFailureOf(kind: string, text: string): { code: string; detail: string | null } {
  return kind === 'alert' ? alertFailureOf(text) : deliveryFailureOf(text);
}

function deliveryFailureOf(text: string): { code: string; detail: string | null } {
  let match: RegExpExecArray | null;
  if ((match = /^HTTP (\d{3})$/.exec(text))) return { code: Number(match[1]) >= 500 ? 'http_5xx' : 'http_4xx', detail: match[1]! };
  if ((match = /^no answer within (\d+) ms$/.exec(text))) return { code: 'timeout', detail: match[1]! };
  if ((match = /^network error(?: \(([^)]+)\))?$/.exec(text))) return { code: 'network', detail: match[1] ?? null };
  if (text === 'GetCourse answered something other than JSON') return { code: 'not_json', detail: null };
  if ((match = /^GetCourse refused the import(?:: ([\s\S]*))?$/.exec(text))) return { code: 'refused', detail: match[1] || null };
  if (text === 'the lead of this delivery is missing' || text === 'the id submission of this delivery is missing')
    return { code: 'lead_missing', detail: null };
  if ((match = /^unknown delivery kind "(.*)"$/.exec(text))) return { code: 'unknown_kind', detail: match[1]! };
  if ((match = /^delivery failed \((.+)\)$/.exec(text))) return { code: 'crashed', detail: match[1]! };
  return { code: 'crashed', detail: text.slice(0, 200) };
}

function alertFailureOf(text: string): { code: string; detail: string | null } {
  let match: RegExpExecArray | null;
  if ((match = /^Telegram: no answer within (\d+) ms$/.exec(text))) return { code: 'unreachable', detail: `timeout ${match[1]} ms` };
  if (text === 'Telegram: network error') return { code: 'unreachable', detail: 'network' };
  if ((match = /^Telegram HTTP (\d{3})(?:: ([\s\S]*))?$/.exec(text))) {
    const status = Number(match[1]);
    const description = match[2] ?? '';
    const code =
      status === 429
        ? 'rate_limited'
        : status === 401 || status === 404
          ? 'unauthorized'
          : status === 403
            ? 'forbidden'
            : status === 400 && /chat not found/i.test(description)
              ? 'chat_not_found'
              : status === 400 && /url|entit/i.test(description)
                ? 'link_refused'
                : status >= 500
                  ? 'unreachable'
                  : 'refused';
    return { code, detail: `${status}${description ? `: ${description}` : ''}` };
  }
  if ((match = /^SMTP (\S+)/.exec(text))) {
    return { code: ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'].includes(match[1]!) ? 'unreachable' : 'refused', detail: text };
  }
  if ((match = /^alert failed \((.+)\)$/.exec(text))) return { code: 'crashed', detail: match[1]! };
  return { code: 'crashed', detail: text.slice(0, 200) };
}

/** The codes `deal_reconciliation.last_error` held before that stay as they are. */
const reconcileCodes = ['timeout', 'network', 'http_4xx', 'http_5xx', 'not_json', 'busy', 'not_ready'];

export function reconcileFailureOf(stored: string): string {
  if (reconcileCodes.includes(stored)) return stored;
  return stored === 'error' || /^\d+$/.test(stored) ? 'refused' : 'crashed';
}
