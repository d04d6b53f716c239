import { RECONCILE_FAILURES, type ReconcileFailure } from '@/lib/reconcile-failures';

/** Why the last reconciliation failed (`deal_reconciliation.last_error`, lib/reconcile-failures.ts), in the team's words. */
export const reconcileFailureLabels: Record<ReconcileFailure, string> = {
  timeout: 'GetCourse не ответил вовремя',
  network: 'нет связи с GetCourse',
  http_4xx: 'GetCourse отклонил запрос: проверьте ключ API и имя аккаунта',
  http_5xx: 'GetCourse не ответил (ошибка сервера)',
  not_json: 'GetCourse прислал непонятный ответ',
  busy: 'в GetCourse уже идёт другая выгрузка',
  not_ready: 'GetCourse не успел подготовить выгрузку',
  refused: 'GetCourse отказал в выгрузке',
  crashed: 'сбой сайта при сверке',
};

/** A stored code in words; a code this release does not know (a newer one wrote it) as stored. */
export function reconcileFailureText(code: string): string {
  return (RECONCILE_FAILURES as readonly string[]).includes(code) ? reconcileFailureLabels[code as ReconcileFailure] : `другая ошибка: ${code}`;
}
