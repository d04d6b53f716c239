import type { ReactNode } from 'react';
import { formName, productName } from '@/content/names';
import { UTM_KEYS } from '@/lib/leads/extra-data';
import type { OutboxRow } from '@/server/repositories/outbox-rows';
import type { StoredLead } from '@/server/repositories/leads';
import { markSpamAction, resendDeliveryAction } from './lead-actions';
import { moscowTime } from '@/components/console/moscow-time';
import { deliveryErrorSentence } from './delivery-error-labels';
import { deliveryStatusLabels, leadBlockLabel, leadEventLabel, withheldText } from './lead-labels';
import { PageName } from './page-name';
import { ui } from '@/components/console/ui';
import { ConsoleTable } from '@/components/console/console-table';
import { ActionButton } from '@/components/console/action-button';

type Field = [label: string, value: ReactNode];

/** What a manager reads first: who, what, where from; in names, never ids. */
function mainFields(lead: StoredLead): Field[] {
  return [
    ['Получена (МСК)', moscowTime(lead.createdAt)],
    ['Форма', formName(lead.formId)],
    ['Продукт', productName(lead.productName)],
    ['Что сделал посетитель', leadEventLabel(lead.event)],
    ['Имя', lead.name],
    ['E-mail', lead.email],
    ['Телефон', lead.phone],
    ...UTM_KEYS.map((key): Field => [`utm_${key}`, lead.utm[key]]),
    ['Страница', <PageName key="page" path={lead.pagePath} />],
    ['Где на странице', leadBlockLabel(lead.blockId)],
    ['Спам', lead.isSpam ? 'да' : lead.withheldSigns?.length ? withheldText(lead.withheldSigns) : 'нет'],
    ['Обезличена (МСК)', lead.anonymizedAt === undefined ? null : moscowTime(lead.anonymizedAt)],
  ];
}

/** What only an engineer looking into a problem needs, shown as stored: folded away. */
const technicalLabels = {
  id: 'Номер заявки в базе',
  formId: 'Форма (id)',
  productName: 'Продукт (product_name)',
  event: 'Событие аналитики',
  variantId: 'Вариант страницы',
  blockId: 'Блок (block_id)',
  pagePath: 'Путь страницы',
  googleClientId: 'Google client id',
  yandexClientId: 'Яндекс client id',
  consentTextVersion: 'Версия согласия',
  clientAddressHash: 'Хеш адреса клиента',
  deliveryMode: 'Способ доставки',
  idempotencyKey: 'Ключ отправки (Idempotency-Key)',
} as const satisfies Partial<Record<keyof StoredLead, string>>;

function technicalFields(lead: StoredLead): Field[] {
  return Object.entries(technicalLabels).map(([key, label]) => [label, lead[key as keyof typeof technicalLabels]]);
}

function Fields({ fields }: { fields: Field[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-700">{label}</dt>
          <dd className="break-all">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadDetails({ lead, deliveries }: { lead: StoredLead; deliveries: OutboxRow[] }) {
  return (
    <>
      <Fields fields={mainFields(lead)} />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer">Технические подробности</summary>
        <div className="mt-2">
          <Fields fields={technicalFields(lead)} />
        </div>
      </details>
      <ActionButton action={markSpamAction} fields={{ leadId: lead.id, spam: lead.isSpam ? '0' : '1' }} formClassName="mt-4">
        {lead.isSpam ? 'Это не спам' : 'Отметить как спам'}
      </ActionButton>

      <h2 className={ui.h2}>Доставка в GetCourse</h2>
      {deliveries.length === 0 ? (
        <p>Доставлять нечего: заявку отправил браузер посетителя или это спам.</p>
      ) : (
        <ConsoleTable
          columns={['Номер сделки', 'Состояние', 'Попыток', 'Следующая попытка', 'Доставлена', 'Что случилось', { label: 'Действия', srOnly: true }]}
          items={deliveries}
          renderRow={(delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.dealNumber ?? '—'}</td>
              <td>{deliveryStatusLabels[delivery.status]}</td>
              <td>{delivery.attempts}</td>
              <td>{delivery.status === 'pending' ? moscowTime(delivery.nextAttemptAt) : '—'}</td>
              <td>{delivery.sentAt ? moscowTime(delivery.sentAt) : '—'}</td>
              <td>{deliveryErrorSentence(delivery) ?? '—'}</td>
              <td>
                {delivery.status === 'dead' && (
                  <ActionButton action={resendDeliveryAction} fields={{ leadId: lead.id, outboxId: delivery.id }}>
                    Отправить заново
                  </ActionButton>
                )}
              </td>
            </tr>
          )}
        />
      )}
    </>
  );
}
