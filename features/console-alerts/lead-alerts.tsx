import type { LeadAlertRow } from '@/server/repositories/alert-queue';
import { alertRecipientText, alertStateText } from './alert-labels';
import { ConsoleTable } from './console-table';
import { moscowTime } from './labels';
import { ui } from './ui';

/** Whom the managers' alerts of a lead went to (page «Уведомления»), and how far each got. */
export function LeadAlerts({ alerts }: { alerts: LeadAlertRow[] }) {
  return (
    <>
      <h2 className={ui.h2}>Уведомления менеджерам</h2>
      {alerts.length === 0 ? (
        <p>Уведомлений не было: когда пришла заявка, на странице «Уведомления» не было получателей (или их канал не настроен на сервере), либо заявка — спам.</p>
      ) : (
        <ConsoleTable
          caption="Уведомления о заявке"
          columns={['Кому', 'Состояние', 'Попыток', 'Следующая попытка', 'Доставлено', 'Последняя ошибка']}
          items={alerts}
          renderRow={(alert) => (
            <tr key={alert.id}>
              <td className="break-all">{alertRecipientText(alert.recipient)}</td>
              <td>{alertStateText(alert)}</td>
              <td>{alert.attempts}</td>
              <td>{alert.status === 'pending' ? moscowTime(alert.nextAttemptAt) : '—'}</td>
              <td>{alert.sentAt ? moscowTime(alert.sentAt) : '—'}</td>
              <td className="break-all">{alert.lastError ?? '—'}</td>
            </tr>
          )}
        />
      )}
    </>
  );
}
