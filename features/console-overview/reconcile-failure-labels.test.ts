import { expect, it } from 'vitest';
import { reconcileFailureText } from './reconcile-failure-labels';

it('words why the last reconciliation failed from its stored code', () => {
  expect(reconcileFailureText('http_5xx')).toBe('GetCourse не ответил (ошибка сервера)');
  expect(reconcileFailureText('busy')).toBe('в GetCourse уже идёт другая выгрузка');
  // A code a newer release wrote.
  expect(reconcileFailureText('quota')).toBe('другая ошибка: quota');
});
