import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isSystemActor } from '@/lib/actors';
import { endReasons } from '@/lib/experiments/autopilot-words';
import { OUTBOX_FAILURES } from '@/lib/outbox-failures';
import { RECONCILE_FAILURES } from '@/lib/reconcile-failures';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { createAlertWorker } from '../alerts/alert-handler';
import { planAlerts } from '../alerts/plan';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';
import type { AlertsConfig, GetCourseConfig } from '../config';
import { paymentRefusal, paymentRefusalReasons } from '../rules/payment-plausibility';
import { reconcileDeals } from '../deals/reconcile';
import { floodSigns } from '../rules/flood-signs';
import type { Logger } from '../log';
import { createDeliveryWorker } from '../deliveries/delivery-handler';
import { auditActions } from '../repositories/audit';
import { splitTestVerdictStep } from '../experiments/verdict-job';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliveryOfUnknownKind } from '../testing/seed';
import { recordVariantTraffic, startSplitTest } from '../testing/split-tests';

/**
 * Codes in storage, words at the edge: every text column that holds a reason or an actor, and what it may
 * hold. A code list, the same codes comma-separated, or `actor`: an operator's e-mail, or one of the
 * site's own actors (lib/actors.ts), never a sentence.
 */
const storedCodeColumns: Record<string, readonly string[] | { commaSeparated: readonly string[] } | 'actor'> = {
  'outbox.last_error_code': OUTBOX_FAILURES,
  'deal_reconciliation.last_error': RECONCILE_FAILURES,
  'deal_refused_payments.reason': paymentRefusalReasons,
  'leads.withheld_signs': { commaSeparated: floodSigns },
  'admin_audit_log.action': auditActions,
  'admin_audit_log.actor': 'actor',
  'popup_versions.actor': 'actor',
  'experiments.created_by': 'actor',
  'experiments.started_by': 'actor',
  'experiments.stopped_by': 'actor',
  'admin_invitations.invited_by': 'actor',
  'alert_join_codes.created_by': 'actor',
  'alert_chats.invited_by': 'actor',
  'autopilot_settings.updated_by': 'actor',
  'autopilot_patterns.created_by': 'actor',
  'autopilot_proposals.approved_by': 'actor',
  'autopilot_proposals.end_reason': endReasons,
  'autopilot_retests.asked_by': 'actor',
};

/** The columns of the schema named as a reason or an actor is: each must be listed above. */
const reasonOrActorName = /(^|_)(reason|actor|action|error|error_code|signs)$|_by$/;

/** An operator's e-mail as the console's actions and sign-ins store it. */
const operatorEmail = /^[^\s@]+@[^\s@]+$/;

function allowed(rule: (typeof storedCodeColumns)[string], value: string): boolean {
  if (rule === 'actor') return isSystemActor(value) || operatorEmail.test(value);
  if ('commaSeparated' in rule) return value.split(',').every((code) => rule.commaSeparated.includes(code));
  return rule.includes(value);
}

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

let gc: FakeGetCourse;
let telegram: FakeTelegram;
beforeAll(async () => {
  gc = await startFakeGetCourse();
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await gc.close();
  await telegram.close();
});

const CHAT = '-1001234567890';

/** What the site's real steps store when GetCourse and Telegram fail, a split test keeps its winner and payments cannot be right. */
async function seedThroughTheSite({ repos }: TestDatabase) {
  const now = Date.now();
  const getCourse: GetCourseConfig = { baseUrl: gc.url, apiKey: 'test-api-key', timeoutMs: 10_000 };
  // A failed delivery is due again in half an hour at the soonest: each pass below tries only the lead it queued.
  const retry = { baseMs: 3_600_000, maxMs: 3_600_000, maxAttempts: 3 };
  // A deadline a busy machine reaches only for the hanging GetCourse.
  const deliveries = (timeoutMs: number) =>
    createDeliveryWorker({ repos, getCourse: { ...getCourse, timeoutMs }, pollMs: 20, batchSize: 10, retry, log: quiet });
  for (const mode of ['error500', 'hang', 'error200', 'drop'] as const) {
    gc.setMode(mode);
    await repos.leads.accept(sampleLead({ createdAt: now }), { kind: 'deal', payload: {} });
    await deliveries(mode === 'hang' ? 300 : 10_000).runOnce();
  }
  await deliveryOfUnknownKind({ repos } as TestDatabase, 'fax', now);
  await deliveries(10_000).runOnce();
  gc.setMode('success');

  // A held lead, and one whose alert Telegram does not take.
  await repos.leads.accept(sampleLead({ createdAt: now, withheldSigns: ['address', 'campaign_burst'] }), { kind: 'deal', payload: {} });
  await repos.settings.saveAlertSettings({
    ...DEFAULT_ALERT_SETTINGS,
    telegramChats: [CHAT],
    openMinute: 0,
    closeMinute: 24 * 60,
    days: [1, 2, 3, 4, 5, 6, 7],
  });
  const alerts: AlertsConfig = { telegram: { apiUrl: telegram.url, token: '123:test-token', timeoutMs: 2000 }, email: null, siteUrl: 'https://school.example' };
  telegram.setMode('down');
  await repos.leads.accept(
    sampleLead({ createdAt: now }),
    null,
    undefined,
    planAlerts(await repos.settings.alertSettings(), { telegram: true, email: false }, now),
  );
  await createAlertWorker({ repos, config: alerts, pollMs: 20, retry: { baseMs: 50, maxMs: 200, maxAttempts: 5 }, spacingMs: 0, log: quiet }).runOnce();
  telegram.setMode('ok');

  // A split test started by an operator whose B wins, kept by the site itself.
  const popup = 'popup-react-developer-discount';
  const test = await startSplitTest(repos, popup, { plannedShows: 300, now: now - 3_600_000, autoKeep: true });
  await recordVariantTraffic(repos, test.id, { variant: 0, shows: 300, leads: 30, now });
  await recordVariantTraffic(repos, test.id, { variant: 1, shows: 300, leads: 66, now });
  expect(await splitTestVerdictStep({ repos, alerts }).run(now)).toMatchObject({ splitTestsKept: 1 });

  // GetCourse down for the reconciliation, and a payment no tariff of the school can come to.
  gc.setMode('error500');
  expect(await reconcileDeals({ repos, getCourse, pollMs: 1, sleep: async () => undefined, log: quiet })).toEqual({ result: 'failed', error: 'http_5xx' });
  gc.setMode('success');
  const [sent] = await repos.deliveryQueue.list();
  const huge = 1_000_000_000_00;
  await repos.deals.apply(
    { dealNumber: sent!.dealNumber!, gcStatus: 'payed', costKopecks: huge, paidKopecks: huge, at: now, source: 'callback' },
    paymentRefusal,
  );
  await repos.audit.record({ actor: 'anna@school.ru', action: 'resend', subject: String(sent!.id) }, now);
}

describeEachDatabase('codes in storage: the columns of reasons and actors hold codes, never sentences', (database) => {
  it('lists every column of the schema named as a reason or an actor', async () => {
    const { handle } = database();
    // This suite's own schema only: the worker's PostgreSQL database holds other files' schemas too.
    const ownSchema =
      handle.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]!.name : undefined;
    const tables = (await handle.db.introspection.getTables()).filter((table) => table.schema === ownSchema);
    const named = tables.flatMap((table) =>
      table.columns.filter((column) => reasonOrActorName.test(column.name)).map((column) => `${table.name}.${column.name}`),
    );
    expect(named.sort()).toEqual(Object.keys(storedCodeColumns).sort());
  });

  it('after the site failed deliveries and alerts, kept a split test itself, failed a reconciliation and refused a payment, every value is in its list', async () => {
    await seedThroughTheSite(database());
    const { db } = database().handle;
    const seen: Record<string, string[]> = {};
    for (const [key, rule] of Object.entries(storedCodeColumns)) {
      const [table, column] = key.split('.') as [string, string];
      const rows = await db
        .selectFrom(table as never)
        .select(`${column} as value` as never)
        .execute();
      const values = (rows as { value: string | null }[]).map((row) => row.value).filter((value): value is string => value !== null);
      seen[key] = values;
      expect(
        values.filter((value) => !allowed(rule, value)),
        key,
      ).toEqual([]);
    }
    // The failures and the keep seeded above are there: the check did not pass on empty columns.
    expect(new Set(seen['outbox.last_error_code'])).toEqual(new Set(['http_5xx', 'timeout', 'refused', 'network', 'unknown_kind', 'unreachable']));
    expect(seen['deal_reconciliation.last_error']).toEqual(['http_5xx']);
    expect(seen['deal_refused_payments.reason']).toHaveLength(1);
    expect(seen['leads.withheld_signs']).toEqual(['address,campaign_burst']);
    expect(seen['experiments.stopped_by']).toEqual(['system:auto_keep']);
    expect(seen['admin_audit_log.actor']).toEqual(expect.arrayContaining(['system:auto_keep', 'anna@school.ru']));
  });
});
