'use client';

import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { removeAlertChatAction } from './alert-actions';
import { managerText } from './alert-labels';
import type { Notifications } from './load';

/** The managers who joined by the bot's link, by their Telegram name, each with «Убрать» (asked first). */
export function TelegramManagers({ managers }: Pick<Notifications, 'managers'>) {
  if (managers.length === 0) return <p className="mb-2 text-sm">Пока никто не подключился по ссылке.</p>;
  return (
    <ConsoleTable
      caption="Менеджеры, подключённые в Telegram"
      columns={['Менеджер', 'Подключён (МСК)', 'Ссылку дал(а)', { label: 'Действия', srOnly: true }]}
      items={managers}
      renderRow={(manager) => (
        <tr key={manager.chatId}>
          <td>{managerText(manager)}</td>
          <td>{moscowTime(manager.joinedAt)}</td>
          <td className="break-all">{manager.invitedBy}</td>
          <td>
            <ConfirmDialog
              action={removeAlertChatAction}
              fields={{ chatId: manager.chatId }}
              trigger="Убрать"
              triggerLabel={`Убрать ${manager.name} из уведомлений`}
              title="Убрать менеджера из уведомлений?"
              description={<p>{manager.name} больше не будет получать уведомления о заявках в Telegram, и ждущие отправки уведомления ему не уйдут.</p>}
              confirm="Убрать"
            />
          </td>
        </tr>
      )}
    />
  );
}
