import type { OutboxStatus } from '@/server/db/schema';

export const deliveryStatusLabels: Record<OutboxStatus, string> = {
  pending: 'ждёт отправки',
  sending: 'отправляется',
  sent: 'доставлена',
  dead: 'не доставлена',
};

/** `23.11.2026, 12:34`, Moscow time, however the server's clock is set. */
export function moscowTime(timestamp: number): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(timestamp);
}
