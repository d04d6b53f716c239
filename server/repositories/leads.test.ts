import { beforeEach, describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../admin/lead-filter';
import * as XLSX from 'xlsx';
import { csvField, csvHeader, csvTextField, leadsCsvStream, moscowDateTime } from '../admin/leads-csv';
import { leadsXlsxStream } from '../admin/leads-xlsx';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliveryFailed, deliverySent } from '../testing/seed';
import { phoneSearchKey, type LeadFilter } from './lead-queries';
import type { Repositories } from '.';

describe('leads list helpers', () => {
  it('reads a typed phone as the stored E.164', () => {
    expect(phoneSearchKey('8 (916) 123-45-67')).toBe('+79161234567');
    expect(phoneSearchKey('+7 916 123 45 67')).toBe('+79161234567');
    expect(phoneSearchKey('9161234567')).toBe('+79161234567');
    expect(phoneSearchKey('12345')).toBeNull();
  });

  it('round-trips a cursor and rejects anything else', () => {
    expect(decodeCursor(encodeCursor({ createdAt: 1_700_000_000_000, id: 42 }))).toEqual({ createdAt: 1_700_000_000_000, id: 42 });
    expect(decodeCursor('1;drop table')).toBeNull();
    expect(decodeCursor(undefined)).toBeNull();
  });

  it('quotes CSV fields that need it and defuses formulas', () => {
    expect(csvField('Анна')).toBe('Анна');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+79161234567', { formulaSafe: false })).toBe('+79161234567');
    // Digits Excel would turn into a number are written as a formula giving the text; a visitor's text never is.
    expect(csvTextField('+79267778899')).toBe('"=""+79267778899"""');
    expect(csvTextField('314304000000004')).toBe('"=""314304000000004"""');
    expect(csvTextField('')).toBe('');
    expect(csvTextField('+7 (926) =1')).toBe("'+7 (926) =1");
    expect(csvTextField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(moscowDateTime(Date.UTC(2026, 0, 1, 21, 30))).toBe('2026-01-02 00:30:00');
  });
});

describeEachDatabase("the console's leads", (database) => {
  const start = Date.UTC(2026, 10, 1, 9, 0);
  let ids: number[] = [];

  beforeEach(async () => {
    await database().clear();
    const { repos } = database();
    ids = [];
    // 30 leads an hour apart; every third from vk; lead 5 is spam (no delivery), lead 7's delivery died,
    // lead 8's and 9's wait after GetCourse failed them (9 twice).
    for (let i = 0; i < 30; i += 1) {
      const lead = sampleLead({
        createdAt: start + i * 3_600_000,
        formId: i % 2 === 0 ? 'contact' : 'popup-junior',
        utm: { source: i % 3 === 0 ? 'vk' : 'yandex' },
        email: `lead${i}@example.com`,
        phone: `+7916000${String(i).padStart(4, '0')}`,
        isSpam: i === 5,
        deliveryMode: i === 5 ? 'none' : 'deal',
      });
      const { leadId, outboxId } = await repos.leads.accept(lead, i === 5 ? null : { kind: 'deal', payload: {} });
      ids.push(leadId);
      if (i === 7) await deliveryFailed(database(), outboxId!, { at: lead.createdAt, attempts: 20, retryAt: null });
      if (i === 8 || i === 9)
        await deliveryFailed(database(), outboxId!, {
          at: lead.createdAt,
          attempts: i - 7,
          failure: { code: 'http_5xx', detail: '502' },
          retryAt: lead.createdAt + i * 60_000,
        });
      if (i >= 20) await deliverySent(database(), outboxId!, lead.createdAt);
    }
  });

  async function allPages(filter: LeadFilter, limit = 7) {
    const seen: number[] = [];
    let after = null;
    for (;;) {
      const page: Awaited<ReturnType<Repositories['leadQueries']['list']>> = await database().repos.leadQueries.list(filter, { after, limit });
      seen.push(...page.rows.map((row) => row.id));
      if (!page.next) return seen;
      after = page.next;
    }
  }

  it('pages through every lead newest first, each once', async () => {
    expect(await allPages({})).toEqual([...ids].reverse());
    const first = await database().repos.leadQueries.list({}, { limit: 3 });
    expect(first.rows[0]).toMatchObject({ id: ids[29], formId: 'popup-junior', deliveryStatus: 'sent', dealNumber: expect.any(String) });
  });

  it('keeps leads created in the same millisecond apart by id', async () => {
    const { repos } = database();
    const same = start + 5 * 3_600_000;
    const extra = [];
    for (let i = 0; i < 5; i += 1) extra.push((await repos.leads.accept(sampleLead({ createdAt: same }), null)).leadId);
    const seen = await allPages({}, 2);
    expect(new Set(seen).size).toBe(35);
    expect(seen.length).toBe(35);
  });

  it('filters by dates, form, UTM source, delivery state and spam, and finds by e-mail or phone', async () => {
    const byIndex = (...indexes: number[]) => indexes.map((i) => ids[i]).reverse();
    expect(await allPages({ from: start + 3_600_000, to: start + 4 * 3_600_000 })).toEqual(byIndex(1, 2, 3));
    expect((await allPages({ formId: 'contact' })).length).toBe(15);
    expect((await allPages({ utmSource: 'vk' })).length).toBe(10);
    expect(await allPages({ delivery: 'dead' })).toEqual(byIndex(7));
    expect(await allPages({ delivery: 'none' })).toEqual(byIndex(5));
    expect((await allPages({ delivery: 'sent' })).length).toBe(10);
    expect((await allPages({ delivery: 'waiting' })).length).toBe(18);
    expect(await allPages({ delivery: 'retrying' })).toEqual(byIndex(8, 9));
    // What «Заявки» says of them: two wait after GetCourse's «502», the soonest tried again at lead 8's retry.
    expect(await database().repos.deliveryQueue.retrying()).toEqual([
      { lastError: { code: 'http_5xx', detail: '502' }, count: 2, nextAttemptAt: start + 8 * 3_600_000 + 8 * 60_000 },
    ]);
    expect(await allPages({ spam: 'only' })).toEqual(byIndex(5));
    expect((await allPages({ spam: 'exclude' })).length).toBe(29);
    expect(await allPages({ search: 'LEAD12@example.com' })).toEqual(byIndex(12));
    expect(await allPages({ search: '8 916 000-00-13' })).toEqual(byIndex(13));
    expect(await allPages({ search: 'nobody' })).toEqual([]);
    expect(await allPages({ formId: 'contact', utmSource: 'vk', delivery: 'sent' })).toEqual(byIndex(24));
    expect(await database().repos.leadQueries.facets()).toEqual({ formIds: ['contact', 'popup-junior'], utmSources: ['vk', 'yandex'] });
  });

  it('finds a part of a name, an e-mail or a phone, in any case and alphabet', async () => {
    const { repos } = database();
    const accept = async (overrides: Parameters<typeof sampleLead>[0]) =>
      (await repos.leads.accept(sampleLead({ createdAt: start, ...overrides }), null)).leadId;
    const olga = await accept({ name: 'Ольга Ёлкина', email: 'olga.yolkina@mail.example', phone: '+79035550102' });
    const john = await accept({ name: "John O'Hara", email: 'JOHN_100%@Corp.example', phone: '+447700900123' });
    expect(await allPages({ search: 'ёлкин' })).toEqual([olga]);
    expect(await allPages({ search: 'ОЛЬГА' })).toEqual([olga]);
    expect(await allPages({ search: 'yolk' })).toEqual([olga]);
    expect(await allPages({ search: "o'hara" })).toEqual([john]);
    expect(await allPages({ search: '100%@corp' })).toEqual([john]);
    // LIKE's own characters are taken literally: `_` is no wildcard, `%` no «anything».
    expect(await allPages({ search: 'n_1' })).toEqual([john]);
    expect(await allPages({ search: 'a%b' })).toEqual([]);
    expect(await allPages({ search: '555-01' })).toEqual([olga]);
    expect(await allPages({ search: '(903) 555' })).toEqual([olga]);
    expect((await allPages({ search: '916000' })).length).toBe(30);
    expect(await allPages({ search: 'петрова', formId: 'contact', utmSource: 'vk', delivery: 'sent' })).toEqual([ids[24]]);
  });

  it('re-sends a dead delivery under the same deal number, and only a dead one', async () => {
    const { repos } = database();
    const [dead] = await repos.deliveryQueue.forLead(ids[7]!);
    expect(await repos.deliveryQueue.requeueDead(start, dead!.id)).toBe(1);
    const [again] = await repos.deliveryQueue.forLead(ids[7]!);
    expect(again).toMatchObject({ status: 'pending', attempts: 0, dealNumber: dead!.dealNumber, nextAttemptAt: start });
    expect(await repos.deliveryQueue.requeueDead(start, dead!.id)).toBe(0);
  });

  it('marks a lead as spam and back', async () => {
    const { repos } = database();
    expect(await repos.leads.markSpam(ids[3]!, true)).toBe(true);
    expect((await repos.leads.findLead(ids[3]!))?.isSpam).toBe(true);
    expect(await repos.leads.markSpam(ids[3]!, false)).toBe(true);
    expect((await repos.leads.findLead(ids[3]!))?.isSpam).toBe(false);
    expect(await repos.leads.markSpam(999_999, true)).toBe(false);
  });

  it('streams the filtered leads as CSV with a BOM, `;` and every row once', async () => {
    const stream = leadsCsvStream(database().repos, { formId: 'contact' }, 4);
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(csvHeader)).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID;Дата (МСК);Форма;Продукт;Имя;E-mail;Телефон;utm_source;utm_medium;utm_campaign;utm_content;utm_term;Страница;Адрес страницы;Спам;Доставка;Номер сделки;Оплачено, ₽',
    );
    expect(lines).toHaveLength(16);
    // The form and product by their names, the page by its name and its path.
    expect(lines[1]).toMatch(
      new RegExp(`^${ids[28]};2026-11-02 16:00:00;Контактная форма — Заявка с сайта;Заявка с сайта;Анна Петрова;lead28@example.com;"=""\\+79160000028""";`),
    );
    expect(lines[1]).toContain(';Страница курса «Junior фронтенд-разработчик»;/products/junior-js;');
  });

  /** The first sheet of a workbook, as SheetJS reads it (as Excel does: a CSV's `="…"` is text, bare digits a number). */
  function sheetOf(workbook: XLSX.WorkBook) {
    return workbook.Sheets[workbook.SheetNames[0]!]!;
  }
  function rowsOf(sheet: XLSX.WorkSheet): string[][] {
    return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
  }

  it('writes deal numbers and phones that a spreadsheet keeps as text, and the same rows as .xlsx', async () => {
    const filter: LeadFilter = { formId: 'contact' };
    const leads = (await database().repos.leadQueries.list(filter, { after: null, limit: 100 })).rows;
    const csvBytes = new Uint8Array(await new Response(leadsCsvStream(database().repos, filter, 4)).arrayBuffer());
    const csv = sheetOf(XLSX.read(csvBytes, { type: 'array', FS: ';', codepage: 65001, dateNF: 'yyyy-mm-dd hh:mm:ss' }));
    const csvRows = rowsOf(csv);
    const phoneColumn = csvRows[0]!.indexOf('Телефон');
    const dealColumn = csvRows[0]!.indexOf('Номер сделки');
    expect(csvRows).toHaveLength(leads.length + 1);
    leads.forEach((lead, index) => {
      expect(lead.phone).toMatch(/^\+7\d{10}$/);
      expect(lead.dealNumber).toMatch(/^\d{15}$/);
      expect(csv[XLSX.utils.encode_cell({ r: index + 1, c: phoneColumn })]).toMatchObject({ t: 's', v: lead.phone });
      expect(csv[XLSX.utils.encode_cell({ r: index + 1, c: dealColumn })]).toMatchObject({ t: 's', v: lead.dealNumber });
    });

    const xlsxBytes = new Uint8Array(await new Response(leadsXlsxStream(database().repos, filter, 4)).arrayBuffer());
    const xlsx = sheetOf(XLSX.read(xlsxBytes, { type: 'array' }));
    expect(rowsOf(xlsx)).toEqual(csvRows.map((row, index) => (index === 0 ? row.map((title) => title.replace(/^\uFEFF/, '')) : row)));
    expect(xlsx[XLSX.utils.encode_cell({ r: 1, c: dealColumn })]).toMatchObject({ t: 's', v: leads[0]!.dealNumber });
    expect(xlsx[XLSX.utils.encode_cell({ r: 1, c: phoneColumn })]).toMatchObject({ t: 's', v: leads[0]!.phone });
  });
});
