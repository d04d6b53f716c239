import { expect, it } from 'vitest';
import { AUTO_KEEP_ACTOR } from '@/lib/actors';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { createRepositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { filePopupSeeds } from '../popups/seed';
import { createMigrator, migrateToLatest, migrations } from './migrate';
import { reconcileFailureOf, storedFailureOf } from './migrations/026-stored-codes';
import { popupTests } from '../experiments/subjects/popup';

/** The actor the split-test job stored before 026. */
const OLD_AUTO_KEEP = 'автоматически, по выводу теста';

it('026 reads every failure sentence the site stored into its code and detail', () => {
  const deal = (text: string) => storedFailureOf('deal', text);
  expect(deal('HTTP 502')).toEqual({ code: 'http_5xx', detail: '502' });
  expect(deal('HTTP 429')).toEqual({ code: 'http_4xx', detail: '429' });
  expect(deal('no answer within 10000 ms')).toEqual({ code: 'timeout', detail: '10000' });
  expect(deal('network error (ECONNREFUSED)')).toEqual({ code: 'network', detail: 'ECONNREFUSED' });
  expect(deal('network error')).toEqual({ code: 'network', detail: null });
  expect(deal('GetCourse answered something other than JSON')).toEqual({ code: 'not_json', detail: null });
  expect(deal('GetCourse refused the import: [e-mail]: нет доступа')).toEqual({ code: 'refused', detail: '[e-mail]: нет доступа' });
  expect(deal('GetCourse refused the import')).toEqual({ code: 'refused', detail: null });
  expect(deal('the lead of this delivery is missing')).toEqual({ code: 'lead_missing', detail: null });
  expect(deal('the id submission of this delivery is missing')).toEqual({ code: 'lead_missing', detail: null });
  expect(deal('unknown delivery kind "fax"')).toEqual({ code: 'unknown_kind', detail: 'fax' });
  expect(deal('delivery failed (TypeError)')).toEqual({ code: 'crashed', detail: 'TypeError' });
  // A sentence of a release before any of these: the site's own failure, its words kept as the detail.
  expect(deal('the delivery has no GetCourse form settings')).toEqual({ code: 'crashed', detail: 'the delivery has no GetCourse form settings' });

  const alert = (text: string) => storedFailureOf('alert', text);
  expect(alert('Telegram: no answer within 10000 ms')).toEqual({ code: 'unreachable', detail: 'timeout 10000 ms' });
  expect(alert('Telegram: network error')).toEqual({ code: 'unreachable', detail: 'network' });
  expect(alert('Telegram HTTP 400: Bad Request: chat not found')).toEqual({ code: 'chat_not_found', detail: '400: Bad Request: chat not found' });
  expect(alert("Telegram HTTP 400: Bad Request: can't parse entities")).toEqual({ code: 'link_refused', detail: "400: Bad Request: can't parse entities" });
  expect(alert('Telegram HTTP 403: Forbidden: bot was blocked by the user')).toMatchObject({ code: 'forbidden' });
  expect(alert('Telegram HTTP 429: Too Many Requests: retry after 5')).toMatchObject({ code: 'rate_limited' });
  expect(alert('Telegram HTTP 401: Unauthorized')).toMatchObject({ code: 'unauthorized' });
  expect(alert('Telegram HTTP 502')).toEqual({ code: 'unreachable', detail: '502' });
  expect(alert('Telegram HTTP 400: Bad Request: message is too long')).toMatchObject({ code: 'refused' });
  expect(alert('SMTP ECONNECTION')).toEqual({ code: 'unreachable', detail: 'SMTP ECONNECTION' });
  expect(alert('SMTP EENVELOPE 550')).toEqual({ code: 'refused', detail: 'SMTP EENVELOPE 550' });
  expect(alert('alert failed (TypeError)')).toEqual({ code: 'crashed', detail: 'TypeError' });
});

it("026 keeps the reconciliation's codes, GetCourse's refusal and a crash as theirs", () => {
  expect(['http_5xx', 'busy', 'not_ready', 'timeout'].map(reconcileFailureOf)).toEqual(['http_5xx', 'busy', 'not_ready', 'timeout']);
  expect(['905', 'error'].map(reconcileFailureOf)).toEqual(['refused', 'refused']);
  expect(['TypeError', 'Error ECONNRESET'].map(reconcileFailureOf)).toEqual(['crashed', 'crashed']);
});

describeEachDatabase(
  'migration 026: the stored failures and the automatic keep become codes',
  (database) => {
    it('converts the rows of a database that ran the release before it', async () => {
      const { handle, dialect } = database();
      const before = Object.fromEntries(Object.entries(migrations(dialect)).filter(([name]) => name < '026'));
      const { error } = await (await createMigrator(handle.db, dialect, before)).migrateToLatest();
      if (error) throw error;
      const repos = createRepositories(handle);

      // Deliveries and an alert as the release before stored their failures: one English sentence each.
      const now = Date.now();
      const stored: Record<string, string | null> = {
        'HTTP 502': null,
        'GetCourse refused the import: [e-mail]: нет доступа': null,
        'network error (ECONNRESET)': null,
        sent: null,
      };
      for (const text of Object.keys(stored)) {
        const { outboxId } = await repos.leads.accept(sampleLead({ createdAt: now }), { kind: 'deal', payload: {} });
        const failed = text !== 'sent';
        await handle.db
          .updateTable('outbox')
          .set({ status: failed ? 'dead' : 'sent', attempts: 1, last_error: failed ? text : null } as never)
          .where('id', '=', outboxId!)
          .execute();
        stored[text] = String(outboxId);
      }
      const { leadId } = await repos.leads.accept(sampleLead({ createdAt: now }), { kind: 'deal', payload: {} }, undefined, [
        { recipient: 'telegram:42', held: false, dueAt: now },
      ]);
      await handle.db
        .updateTable('outbox')
        .set({ status: 'dead', attempts: 5, last_error: 'Telegram HTTP 400: Bad Request: chat not found' } as never)
        .where('kind', '=', 'alert')
        .execute();

      // The split-test job's keep of a winner, under the actor it stored then (its test, pop-up version and
      // journal row), written as that release's tables held it: 027 moves the tests elsewhere since.
      await repos.popups.seed(filePopupSeeds(), 1);
      const popup = (await repos.popups.get('popup-react-developer-discount'))!;
      const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });
      const test = { id: 'kept-by-itself', popupId: popup.id };
      await handle.db
        .insertInto('popup_tests' as never)
        .values({
          id: test.id,
          popup_id: popup.id,
          status: 'decided',
          variants: JSON.stringify([texts('A'), texts('B')]),
          planned_shows: 300,
          started_at: now - 3_600_000,
          started_by: 'anna@school.ru',
          stopped_at: now,
          stopped_by: OLD_AUTO_KEEP,
          winner: 1,
          auto_keep: 1,
          verdict_at: now,
        } as never)
        .execute();
      await repos.popups.save(popup.id, { ...popup.config, variants: [] } as ManagedPopupConfig, { expectedVersion: popup.version, actor: OLD_AUTO_KEEP, now });
      await repos.audit.record(
        { actor: OLD_AUTO_KEEP, action: 'popup_test_decide', subject: popup.id, details: { automatic: true, test: test.id, variant: 1 } },
        now,
      );
      await repos.audit.record({ actor: 'anna@school.ru', action: 'popup_save', subject: popup.id }, now);
      await repos.dealReconciliation.save({ lastFailureAt: now, lastError: '905' });

      await migrateToLatest(handle);

      const deliveries = Object.fromEntries((await repos.deliveryQueue.list()).map((row) => [String(row.id), row.lastError]));
      expect(deliveries[stored['HTTP 502']!]).toEqual({ code: 'http_5xx', detail: '502' });
      expect(deliveries[stored['GetCourse refused the import: [e-mail]: нет доступа']!]).toEqual({ code: 'refused', detail: '[e-mail]: нет доступа' });
      expect(deliveries[stored['network error (ECONNRESET)']!]).toEqual({ code: 'network', detail: 'ECONNRESET' });
      expect(deliveries[stored.sent!]).toBeNull();
      expect((await repos.alertQueue.forLead(leadId)).map((alert) => alert.lastError)).toEqual([
        { code: 'chat_not_found', detail: '400: Bad Request: chat not found' },
      ]);

      expect(await popupTests(repos).get(test.id)).toMatchObject({ status: 'decided', stoppedBy: AUTO_KEEP_ACTOR });
      expect((await repos.popups.history(popup.id))[0]).toMatchObject({ actor: AUTO_KEEP_ACTOR });
      const journal = await repos.audit.list({ limit: 10 });
      expect(journal.map((row) => [row.action, row.actor])).toEqual(
        expect.arrayContaining([
          ['popup_test_decide', AUTO_KEEP_ACTOR],
          ['popup_save', 'anna@school.ru'],
        ]),
      );
      expect(journal.map((row) => row.actor)).not.toContain(OLD_AUTO_KEEP);
      expect(await repos.dealReconciliation.state()).toMatchObject({ lastFailureAt: now, lastError: 'refused' });
    });
  },
  { migrate: false },
);
