import type { DatabaseHandle } from '../db/connection';

export const auditActions = {
  sign_in: 'Вход',
  sign_in_failed: 'Неудачный вход',
  sign_in_refused: 'Вход отклонён (много попыток)',
  sign_out: 'Выход',
  export: 'Выгрузка CSV',
  resend: 'Повторная отправка',
  resend_all: 'Повторная отправка всех «мёртвых»',
  erase: 'Удаление данных посетителя',
  spam: 'Отмечено как спам',
  not_spam: 'Снята отметка «спам»',
  schedule_add: 'Окно подарка добавлено',
  schedule_edit: 'Окно подарка изменено',
  schedule_remove: 'Окно подарка удалено',
  popup_save: 'Поп-ап изменён',
  popup_rollback: 'Поп-ап: возвращена прежняя версия',
} as const;

export type AuditAction = keyof typeof auditActions;

export interface AuditEntry {
  id: number;
  at: number;
  actor: string | null;
  action: AuditAction;
  subject: string | null;
  details: Record<string, unknown> | null;
}

export async function recordAudit(
  handle: DatabaseHandle,
  entry: { actor: string | null; action: AuditAction; subject?: string | null; details?: Record<string, unknown> },
  now = Date.now(),
): Promise<void> {
  await handle.db
    .insertInto('admin_audit_log')
    .values({
      at: now,
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** Newest first, `limit` entries older than the entry `before` (an id), when given. */
export async function listAudit(handle: DatabaseHandle, options: { before?: number; limit?: number } = {}): Promise<AuditEntry[]> {
  const rows = await handle.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .$if(options.before !== undefined, (query) => query.where('id', '<', options.before!))
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.at),
    actor: row.actor,
    action: row.action as AuditAction,
    subject: row.subject,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
}
