import type { Metadata } from 'next';
import { ActionButton } from '@/features/admin/action-button';
import { resendDeadAlertsAction } from '@/features/admin/alert-actions';
import { AlertSettingsForm } from '@/features/admin/alert-settings-form';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';
import { settingsInput } from '@/server/alerts/settings';

export const metadata: Metadata = { title: 'Уведомления' };

export default async function NotificationsPage() {
  const { runtime } = await requireOperator();
  const { telegram, email } = runtime.config.alerts;
  const [settings, health] = await Promise.all([runtime.repos.settings.alertSettings(), runtime.repos.alertQueue.health()]);
  return (
    <>
      <h1 className={ui.h1}>Уведомления</h1>
      <p className="mb-2 max-w-3xl text-sm">
        Менеджеры узнают о новой заявке в Telegram и по почте. Telegram: {telegram ? 'подключён' : 'не подключён (нет TELEGRAM_BOT_TOKEN)'}; почта:{' '}
        {email ? 'подключена' : 'не подключена (нет SMTP_URL)'}.
      </p>
      <p className="mb-4 text-sm">
        Ждут отправки: {health.waiting}; не доставлены: {health.dead} (Telegram — {health.deadByChannel.telegram}, e-mail — {health.deadByChannel.email}).
      </p>
      {health.dead > 0 && (
        <ActionButton action={resendDeadAlertsAction} formClassName="mb-4">
          Отправить заново недоставленные уведомления ({health.dead})
        </ActionButton>
      )}
      <AlertSettingsForm initial={settingsInput(settings)} />
    </>
  );
}
