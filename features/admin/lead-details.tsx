import type { Selectable } from 'kysely';
import type { LeadsTable } from '@/server/db/schema';
import type { OutboxRow } from '@/server/repositories/types';
import { markSpamAction, resendDeliveryAction } from './lead-actions';
import { deliveryStatusLabels, moscowTime } from './labels';
import { ui } from './ui';

const fieldLabels: Record<keyof Selectable<LeadsTable>, string> = {
  id: 'ID',
  created_at: 'Получена (МСК)',
  form_id: 'Форма',
  product_name: 'Продукт',
  event: 'Событие',
  name: 'Имя',
  email: 'E-mail',
  phone: 'Телефон',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_content: 'utm_content',
  utm_term: 'utm_term',
  utm_id: 'utm_id',
  page_path: 'Страница',
  variant_id: 'Вариант страницы',
  block_id: 'Блок',
  google_client_id: 'Google client id',
  yandex_client_id: 'Яндекс client id',
  consent_text_version: 'Версия согласия',
  client_address_hash: 'Хеш адреса клиента',
  is_spam: 'Спам',
  delivery_mode: 'Способ доставки',
  anonymized_at: 'Обезличена (МСК)',
  idempotency_key: 'Ключ отправки (Idempotency-Key)',
  request_hash: 'Хеш запроса',
};

function shown(key: keyof Selectable<LeadsTable>, value: string | number | null): string {
  if (value === null || value === '') return '—';
  if (key === 'created_at' || key === 'anonymized_at') return moscowTime(Number(value));
  if (key === 'is_spam') return value === 1 ? 'да' : 'нет';
  return String(value);
}

export function LeadDetails({ lead, deliveries }: { lead: Selectable<LeadsTable>; deliveries: OutboxRow[] }) {
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {(Object.keys(fieldLabels) as (keyof Selectable<LeadsTable>)[]).map((key) => (
          <div key={key} className="contents">
            <dt className="font-medium text-gray-700">{fieldLabels[key]}</dt>
            <dd className="break-all">{shown(key, lead[key])}</dd>
          </div>
        ))}
      </dl>
      <form action={markSpamAction} className="mt-4">
        <input type="hidden" name="leadId" value={lead.id} />
        <input type="hidden" name="spam" value={lead.is_spam === 1 ? '0' : '1'} />
        <button type="submit" className={ui.button}>
          {lead.is_spam === 1 ? 'Это не спам' : 'Отметить как спам'}
        </button>
      </form>

      <h2 className={ui.h2}>Доставка в GetCourse</h2>
      {deliveries.length === 0 ? (
        <p>Доставлять нечего: заявку отправил браузер посетителя или это спам.</p>
      ) : (
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">Номер сделки</th>
              <th scope="col">Состояние</th>
              <th scope="col">Попыток</th>
              <th scope="col">Следующая попытка</th>
              <th scope="col">Доставлена</th>
              <th scope="col">Последняя ошибка</th>
              <th scope="col">
                <span className="sr-only">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.dealNumber ?? '—'}</td>
                <td>{deliveryStatusLabels[delivery.status]}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.status === 'pending' ? moscowTime(delivery.nextAttemptAt) : '—'}</td>
                <td>{delivery.sentAt ? moscowTime(delivery.sentAt) : '—'}</td>
                <td className="break-all">{delivery.lastError ?? '—'}</td>
                <td>
                  {delivery.status === 'dead' && (
                    <form action={resendDeliveryAction}>
                      <input type="hidden" name="leadId" value={lead.id} />
                      <input type="hidden" name="outboxId" value={delivery.id} />
                      <button type="submit" className={ui.button}>
                        Отправить заново
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
