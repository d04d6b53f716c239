import Link from 'next/link';
import type { LeadSearchParams } from '@/server/admin/lead-filter';
import { moscowToday } from '@/lib/calendar';
import { ui } from './ui';

function value(params: LeadSearchParams, key: string): string {
  const raw = params[key];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/** A plain GET form: the filter lives in the address, so a filtered list can be bookmarked and shared. */
export function LeadsFilterForm({ params, formIds, utmSources }: { params: LeadSearchParams; formIds: string[]; utmSources: string[] }) {
  const field = 'flex flex-col gap-1 text-sm';
  const today = moscowToday();
  return (
    <form method="get" action="/admin/leads" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Фильтр заявок">
      <label className={field}>
        Поиск: e-mail или телефон
        <input name="q" type="search" defaultValue={value(params, 'q')} className={ui.input} />
      </label>
      <label className={field}>
        С даты
        <input name="from" type="date" defaultValue={value(params, 'from')} className={ui.input} />
      </label>
      <label className={field}>
        По дату
        <input name="to" type="date" defaultValue={value(params, 'to')} className={ui.input} />
      </label>
      <label className={field}>
        Форма
        <input name="form" list="admin-form-ids" defaultValue={value(params, 'form')} className={ui.input} />
        <datalist id="admin-form-ids">
          {formIds.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </label>
      <label className={field}>
        Продукт
        <input name="product" defaultValue={value(params, 'product')} className={ui.input} />
      </label>
      <label className={field}>
        utm_source
        <input name="utm_source" list="admin-utm-sources" defaultValue={value(params, 'utm_source')} className={ui.input} />
        <datalist id="admin-utm-sources">
          {utmSources.map((source) => (
            <option key={source} value={source} />
          ))}
        </datalist>
      </label>
      <label className={field}>
        utm_campaign
        <input name="utm_campaign" defaultValue={value(params, 'utm_campaign')} className={ui.input} />
      </label>
      <label className={field}>
        Оплата
        <select name="payment" defaultValue={value(params, 'payment')} className={ui.input}>
          <option value="">любая</option>
          <option value="paid">оплачен</option>
          <option value="unpaid">не оплачен</option>
        </select>
      </label>
      <label className={field}>
        Доставка
        <select name="delivery" defaultValue={value(params, 'delivery')} className={ui.input}>
          <option value="">любая</option>
          <option value="waiting">ждёт отправки</option>
          <option value="sent">доставлена</option>
          <option value="dead">не доставлена</option>
          <option value="none">не требуется</option>
        </select>
      </label>
      <label className={field}>
        Спам
        <select name="spam" defaultValue={value(params, 'spam')} className={ui.input}>
          <option value="">все заявки</option>
          <option value="exclude">без спама</option>
          <option value="only">только спам</option>
        </select>
      </label>
      <button type="submit" className={ui.primaryButton}>
        Показать
      </button>
      <Link href="/admin/leads" className={ui.link}>
        Сбросить
      </Link>
      <Link href={`/admin/leads?from=${today}&to=${today}`} className={ui.link}>
        Сегодня
      </Link>
    </form>
  );
}
