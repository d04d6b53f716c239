import { ActionButton } from '@/components/console/action-button';
import { ui } from '@/components/console/ui';
import { resendDeadAlertsAction } from './alert-actions';
import { AlertSettingsForm } from './alert-settings-form';
import type { Notifications } from './load';

export function NotificationsPage({ telegram, email, settings, health }: Notifications) {
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
      <AlertSettingsForm initial={settings} />
    </>
  );
}
