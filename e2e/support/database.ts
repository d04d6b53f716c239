/**
 * The e2e stack's SQLite database, through the site's own repositories (and server/testing/seed.ts for a
 * state a browser cannot produce quickly): how many leads (and deliveries) one visitor's e-mail made
 * (every test uses an e-mail of its own, so parallel tests never count each other's), and putting back
 * what a test changed. The server has the file open too: WAL lets both write.
 */
import { openDatabase } from '../../server/db/connection';
import { createRepositories } from '../../server/repositories';
import type { StoredLead } from '../../server/repositories/leads';
import type { Seeded } from '../../server/testing/seed';
import { e2eDatabasePath } from './env';

export async function withE2eDatabase<T>(work: (database: Seeded) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dialect: 'sqlite', file: e2eDatabasePath });
  try {
    return await work({ handle, repos: createRepositories(handle) });
  } finally {
    await handle.close();
  }
}

/** The leads of a visitor's e-mail, oldest first. */
export function leadsOf(email: string): Promise<StoredLead[]> {
  return withE2eDatabase(async ({ repos }) => {
    const { rows } = await repos.leadQueries.list({ search: email }, { limit: 1000 });
    const leads = await Promise.all(rows.map((row) => repos.leads.findLead(row.id)));
    return leads.filter((lead) => lead !== undefined).sort((a, b) => a.id - b.id);
  });
}

/** The GetCourse deliveries of a visitor's leads, in the order they were queued. */
export async function deliveriesOf(email: string): Promise<{ id: number; status: string; kind: string }[]> {
  const leads = await leadsOf(email);
  return withE2eDatabase(async ({ repos }) => {
    const deliveries = (await Promise.all(leads.map((lead) => repos.deliveryQueue.forLead(lead.id)))).flat();
    return deliveries.sort((a, b) => a.id - b.id).map(({ id, status, kind }) => ({ id, status, kind }));
  });
}

/** A pop-up back to the file's version (its version 1) by the console's own rollback, whatever the test left (an «off» switch included). */
export function restorePopupFromFile(id: string): Promise<void> {
  return withE2eDatabase(async ({ repos }) => {
    const popup = await repos.popups.get(id);
    if (!popup) throw new Error(`no pop-up ${id}`);
    const outcome = await repos.popups.rollback(id, 1, { expectedVersion: popup.version, actor: 'e2e-cleanup', now: Date.now() });
    if (!outcome.saved) throw new Error(`pop-up ${id} was not rolled back: ${outcome.reason}`);
  });
}

/** The pop-up's current version. */
export function popupVersion(id: string): Promise<number> {
  return withE2eDatabase(async ({ repos }) => (await repos.popups.get(id))!.version);
}

/** A pop-up's shows and finishes over every day so far (pages summed). */
export function popupCounts(popup: string): Promise<{ shown: number; finished: number }> {
  return withE2eDatabase(async ({ repos }) => {
    const days = (await repos.popupStats.perDay('0000-01-01', '9999-12-31')).filter((day) => day.popup === popup);
    return { shown: days.reduce((sum, day) => sum + day.shown, 0), finished: days.reduce((sum, day) => sum + day.finished, 0) };
  });
}
