import { formName, pageName, productName } from '@/content/names';
import type { LeadCursor, LeadFilter, LeadListRow } from '../repositories/lead-queries';
import type { OutboxStatus } from '../repositories/outbox-rows';
import type { Repositories } from '../repositories';

/** Russian Excel reads a UTF-8 file as such only with the byte order mark, and splits columns at `;`. */
const BOM = '\uFEFF';
const SEPARATOR = ';';

const deliveryLabels: Record<OutboxStatus, string> = {
  pending: 'ждёт',
  sending: 'отправляется',
  sent: 'доставлена',
  dead: 'не доставлена',
  withheld: 'задержана: похоже на спам',
};

/**
 * A column of the leads export. `text`: digits Excel must keep as written (a 15-digit deal number it would
 * show as `3,14304E+14`, a phone whose «+» it would drop); the CSV writes them in the `="…"` form.
 */
export interface LeadColumn {
  title: string;
  value: (row: LeadListRow) => string;
  text?: true;
}

/** The columns of both exports (CSV and .xlsx), in order. */
export const leadColumns: LeadColumn[] = [
  { title: 'ID', value: (row) => String(row.id) },
  { title: 'Дата (МСК)', value: (row) => moscowDateTime(row.createdAt) },
  { title: 'Форма', value: (row) => formName(row.formId) },
  { title: 'Продукт', value: (row) => productName(row.productName) },
  { title: 'Имя', value: (row) => row.name },
  { title: 'E-mail', value: (row) => row.email },
  { title: 'Телефон', value: (row) => row.phone, text: true },
  { title: 'utm_source', value: (row) => row.utmSource ?? '' },
  { title: 'utm_medium', value: (row) => row.utmMedium ?? '' },
  { title: 'utm_campaign', value: (row) => row.utmCampaign ?? '' },
  { title: 'utm_content', value: (row) => row.utmContent ?? '' },
  { title: 'utm_term', value: (row) => row.utmTerm ?? '' },
  { title: 'Страница', value: (row) => pageName(row.pagePath).name },
  { title: 'Адрес страницы', value: (row) => row.pagePath },
  { title: 'Спам', value: (row) => (row.isSpam ? 'да' : 'нет') },
  { title: 'Доставка', value: (row) => (row.deliveryStatus ? deliveryLabels[row.deliveryStatus] : 'не требуется') },
  { title: 'Номер сделки', value: (row) => row.dealNumber ?? '', text: true },
  { title: 'Оплачено, ₽', value: (row) => (row.paidKopecks === null ? '' : (row.paidKopecks / 100).toFixed(2).replace('.', ',')) },
];

/** `2026-11-23 12:34:56`, Moscow time (UTC+3 all year). */
export function moscowDateTime(timestamp: number): string {
  return new Date(timestamp + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * One CSV field. Quoted when it holds the separator, a quote or a line break; a visitor's text that
 * starts like a formula (`=`, `+`, `-`, `@`) gets a leading apostrophe, so Excel shows it, never runs it.
 */
export function csvField(value: string, { formulaSafe = true } = {}): string {
  const text = formulaSafe && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A field Excel keeps as text: `="+79267778899"` (quoted for the CSV: `"=""+79267778899"""`), a formula
 * whose result is the text itself, which Excel and LibreOffice show as written. Only digits with an
 * optional leading «+» (the site's own deal numbers and E.164 phones) take this form, so nothing a
 * visitor typed becomes a formula; anything else is an ordinary, formula-safe field.
 */
export function csvTextField(value: string): string {
  if (!/^\+?\d+$/.test(value)) return csvField(value);
  return csvField(`="${value}"`, { formulaSafe: false });
}

export function csvLine(row: LeadListRow): string {
  return leadColumns.map((column) => (column.text ? csvTextField(column.value(row)) : csvField(column.value(row)))).join(SEPARATOR) + '\r\n';
}

export const csvHeader = BOM + leadColumns.map((column) => csvField(column.title)).join(SEPARATOR) + '\r\n';

/**
 * The filtered leads as CSV, read page by page (keyset) as the client takes it: memory holds one page,
 * never the whole export, and a client that stops reading stops the queries.
 */
export function leadsCsvStream(repos: Pick<Repositories, 'leadQueries'>, filter: LeadFilter, pageSize = 2000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: LeadCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvHeader));
          return;
        }
        const page = await repos.leadQueries.list(filter, { after, limit: pageSize });
        if (page.rows.length > 0) controller.enqueue(encoder.encode(page.rows.map(csvLine).join('')));
        if (!page.next) controller.close();
        after = page.next;
      },
    },
    { highWaterMark: 1 },
  );
}
