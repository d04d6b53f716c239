import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { LeadCursor, LeadFilter, LeadListRow } from '../repositories/lead-queries';
import type { Repositories } from '../repositories';
import { leadColumns } from './leads-csv';

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** The most written and not yet taken by the client before the next page is read (a page is about 1 MB of XML). */
const BACKLOG_BYTES = 2 * 1024 * 1024;

/** Where exceljs's streaming worksheet queues its XML for the zip (see `backlog`). */
interface SheetInternals {
  stream?: { pipes?: { _writableState?: { length?: number } }[] };
}

/**
 * A row of the .xlsx: the CSV's columns and values (leads-csv.ts), as cells. Every value is a text cell
 * (the deal number and the phone as written, never a number), except the lead's number and the amount
 * paid, numbers to sum and sort, and the date, a date. A text cell is never a formula, so a visitor's
 * `=…` needs no apostrophe here.
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
 * page is read only while the client takes what was written, so memory holds a few pages however many
 * leads there are. A client that stops reading stops the queries.
 */
export function leadsXlsxStream(repos: Pick<Repositories, 'leadQueries'>, filter: LeadFilter, pageSize = 2000): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Заявки', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = leadColumns.map((column) => ({
    header: column.title,
    width: column.title === 'Дата (МСК)' ? 20 : Math.max(12, column.title.length + 2),
    // Typed into later, a text column stays text.
    style: column.text
      ? { numFmt: '@' }
      : column.title === 'Оплачено, ₽'
        ? { numFmt: '#,##0.00' }
        : column.title === 'Дата (МСК)'
          ? { numFmt: 'yyyy-mm-dd hh:mm:ss' }
          : {},
  }));

  /**
   * Bytes written and not yet taken by the client: in `out`, and inside exceljs (the sheet's XML queued
   * for the zip, the zip's output not yet in `out`). exceljs hands rows on without backpressure, so its
   * queues are read where it keeps them; were they to move in a later version, `out` alone still gates.
   */
  const backlog = () => {
    const internals = { sheet: sheet as unknown as SheetInternals, zip: (workbook as unknown as { zip?: { readableLength?: number } }).zip };
    const queued = internals.sheet.stream?.pipes?.[0]?._writableState?.length ?? 0;
    return out.readableLength + out.writableLength + queued + (internals.zip?.readableLength ?? 0);
  };

  async function write() {
    let after: LeadCursor | null = null;
    do {
      // The client has not taken what the pages so far made: wait until it does (or goes away).
      while (backlog() > BACKLOG_BYTES && !out.destroyed) await taken(out);
      if (out.destroyed) return;
      const page = await repos.leadQueries.list(filter, { after, limit: pageSize });
      for (const row of page.rows) sheet.addRow(xlsxCells(row)).commit();
      after = page.next;
    } while (after);
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return webStreamOf(out);
}

/** Until the client takes a chunk of `out`, or it closes. */
async function taken(out: PassThrough): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(out, 'data', { signal: done.signal }), once(out, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

/**
 * A Node stream as a web stream that reads only as its client pulls (Readable.toWeb of Node 20 reads
 * ahead without limit, which would let the workbook run ahead of a slow client).
 */
function webStreamOf(out: PassThrough): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve, reject) => {
          const settle = (step: () => void) => {
            out.off('readable', take);
            out.off('end', end);
            out.off('error', fail);
            step();
          };
          const take = () => {
            const chunk = out.read() as Buffer | null;
            if (chunk !== null) settle(() => (controller.enqueue(new Uint8Array(chunk)), resolve()));
          };
          const end = () => settle(() => (controller.close(), resolve()));
          const fail = (error: Error) => settle(() => reject(error));
          out.on('readable', take);
          out.on('end', end);
          out.on('error', fail);
          take();
        });
      },
      cancel() {
        out.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}
