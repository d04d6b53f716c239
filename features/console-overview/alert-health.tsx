import Link from 'next/link';
import type { AlertQueueHealth } from '@/server/repositories/alert-queue';
import { ui } from '@/components/console/ui';

/** The managers' lead alerts (Telegram, e-mail); shown once one was given up on. */
export function AlertHealthNotice({ health }: { health: AlertQueueHealth }) {
  if (health.dead === 0) return null;
  return (
    <p role="status" className="mt-3 max-w-2xl rounded border border-amber-400 bg-amber-50 p-3 text-sm">
      <strong>Уведомления менеджерам не доставлены: {health.dead}</strong> (Telegram — {health.deadByChannel.telegram}, e-mail — {health.deadByChannel.email}).
      Заявки сохранены; проверьте получателей на странице{' '}
      <Link href="/admin/notifications" className={ui.link}>
        «Уведомления»
      </Link>{' '}
      и отправьте их заново там же.
    </p>
  );
}
