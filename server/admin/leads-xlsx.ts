import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { LeadCursor, LeadFilter, LeadListRow } from '../repositories/leads';
import type { Repositories } from '../repositories';
import { leadColumns } from './leads-csv';

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * A row of the .xlsx: the CSV's columns and values (leads-csv.ts), as cells. Every value is a text cell
 * (the deal number and the phone as written, never a number), except the lead's number and the amount
 * paid, which are numbers to sum and sort, and the date, a date. A text cell is never a formula, so a visitor's `=…` needs no
 * apostrophe here.
 */
export function xlsxCells(row: LeadListRow): (string | number | Date | null)[] {
  return leadColumns.map((column) => {
    if (column.title === 'ID') return row.id;
    // Moscow's wall clock as the cell's date and time (a workbook's dates have no zone), as the CSV writes it.
    if (column.title === 'Дата (МСК)') return new Date(row.createdAt + MOSCOW_OFFSET_MS);
    if (column.title === 'Оплачено, ₽') return row.paidKopecks === null ? null : row.paidKopecks / 100;
    return column.value(row);
  });
}

/**
 * The filtered leads as an .xlsx workbook, written as a stream (exceljs's WorkbookWriter) page by page
 * (keyset), as the CSV is: each page's rows are committed to the zip as they are written, and the next
 * page is read only once the client has taken what was written, so memory holds about one page. A
 * client that stops reading stops the queries.
 */
export function leadsXlsxStream(repos: Pick<Repositories, 'leads'>, filter: LeadFilter, pageSize = 2000): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Заявки', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = leadColumns.map((column) => ({
    header: column.title,
    width: column.title === 'Дата (МСК)' ? 20 : Math.max(12, column.title.length + 2),
    // Typed into later, a text column stays text.
    style: column.text ? { numFmt: '@' } : column.title === 'Оплачено, ₽' ? { numFmt: '#,##0.00' } : column.title === 'Дата (МСК)' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));

  async function write() {
    let after: LeadCursor | null = null;
    do {
      const page = await repos.leads.list(filter, { after, limit: pageSize });
      for (const row of page.rows) sheet.addRow(xlsxCells(row)).commit();
      after = page.next;
      // Wait until the client has read what this page wrote; stop when it went away.
      while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
    } while (after);
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
