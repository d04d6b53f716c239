import { ActionButton } from '@/components/console/action-button';
import { ui } from '@/components/console/ui';
import { resendDeadAlertsAction } from './alert-actions';
import { AlertSettingsForm } from './alert-settings-form';
import { JoinLink } from './join-link';
import { TelegramManagers } from './telegram-managers';
import type { Notifications } from './load';

export function NotificationsPage({ telegram, email, managers, settings, health }: Notifications) {
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
      {telegram && (
        <section aria-labelledby="telegram-managers" className="mb-6">
          <h2 id="telegram-managers" className={ui.h2}>
            Менеджеры в Telegram
          </h2>
          <p className="mb-2 max-w-3xl text-sm">
            Чтобы менеджер получал уведомления в Telegram, нажмите «Подключить менеджера» и дайте ему ссылку или QR-код: он нажмёт «Старт» у бота и появится
            здесь.
          </p>
          <TelegramManagers managers={managers} />
          <JoinLink />
        </section>
      )}
      <AlertSettingsForm initial={settings} />
    </>
  );
}
