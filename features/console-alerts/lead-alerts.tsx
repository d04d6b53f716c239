import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { parseRecipientKey } from '@/server/rules/alert-settings';
import type { LeadAlertRow } from '@/server/repositories/alert-queue';
import { alertStateText, recipientText } from './alert-labels';

/** To whom a lead's alert went (the outbox keeps `telegram:<chat>`, `email:<address>`): a joined manager by name. */
function recipientOf(key: string, chatNames: Record<string, string>): string {
  const recipient = parseRecipientKey(key);
  return recipient ? recipientText(recipient, chatNames) : key;
}

/** Whom the managers' alerts of a lead went to (page «Уведомления»), by name, and how far each got. */
export function LeadAlerts({ alerts, chatNames }: { alerts: LeadAlertRow[]; chatNames: Record<string, string> }) {
  return (
    <>
      <h2 className={ui.h2}>Уведомления менеджерам</h2>
      {alerts.length === 0 ? (
        <p>
          Уведомлений не было: когда пришла заявка, на странице «Уведомления» не было получателей (или их канал не настроен на сервере), либо заявка — спам.
        </p>
      ) : (
        <ConsoleTable
          caption="Уведомления о заявке"
          columns={['Кому', 'Состояние', 'Попыток', 'Следующая попытка', 'Доставлено', 'Последняя ошибка']}
          items={alerts}
          renderRow={(alert) => (
            <tr key={alert.id}>
              <td className="break-all">{recipientOf(alert.recipient, chatNames)}</td>
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
