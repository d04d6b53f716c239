import { beforeEach, expect, it } from 'vitest';
import { z } from '@/lib/validation/zod';
import { followSavedSettings } from '../alerts/follow-settings';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';
import { filePopupSeeds } from '../popups/seed';
import { eraseVisitor } from '../privacy/erase';
import { testAdminRuntime } from '../testing/admin';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { runActionSteps, type ActionSteps, type AuditNote, type OperatorRequest } from './action-steps';
import { popupTests } from '../experiments/subjects/popup';

const OPERATOR = 'anna@school.ru';
const window = { giftNumber: 2, startTimestamp: Date.UTC(2026, 11, 20, 7), endTimestamp: Date.UTC(2026, 11, 21, 7) };

function form(fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describeEachDatabase("a console action's change and its journal row", (database) => {
  let request: OperatorRequest;
  beforeEach(async () => {
    await database().clear();
    request = { email: OPERATOR, runtime: testAdminRuntime(database()), now: Date.now() };
  });
  const run = <Input, Change, Written, Answer>(steps: ActionSteps<Input, Change, Written, Answer>, fields?: Record<string, string>) =>
    runActionSteps(steps, request, form(fields));

  /** «Добавить окно» as the console's action does it: the window in the action's transaction, then its row. */
  const addWindow = (
    note: (id: number) => AuditNote | null,
    after: () => void = () => undefined,
  ): ActionSteps<{ gift: number }, { gift: number }, { id: number }, number> => ({
    input: z.object({ gift: z.coerce.number().int() }),
    async write({ gift }, trx, { runtime, now }) {
      const added = await runtime.repos.giftSchedule.add({ ...window, giftNumber: gift }, now, trx);
      if ('problem' in added) throw new Error(added.problem.code);
      after();
      return added;
    },
    audit: ({ id }) => note(id),
    answer: ({ id }) => id,
  });

  it('commits the change and its row together, the operator its actor', async () => {
    const id = await run(
      addWindow((windowId) => ({ action: 'schedule_add', subject: `окно ${windowId}` })),
      { gift: '2' },
    );
    expect(await database().repos.giftSchedule.list()).toEqual([{ id, ...window }]);
    expect(await database().repos.audit.list()).toMatchObject([{ actor: OPERATOR, action: 'schedule_add', subject: `окно ${id}`, at: request.now }]);
  });

  it('takes the change back when its row cannot be written', async () => {
    // The journal refuses a row without an action (NOT NULL): the window, already written, goes with it.
    await expect(
      run(
        addWindow(() => ({ action: null as never })),
        { gift: '2' },
      ),
    ).rejects.toThrow();
    expect(await database().repos.giftSchedule.list()).toEqual([]);
    expect(await database().repos.audit.list()).toEqual([]);
  });

  it('writes no row when the change fails half-way', async () => {
    const steps = addWindow(
      () => ({ action: 'schedule_add' }),
      () => {
        throw new Error('the server went away after the first write');
      },
    );
    await expect(run(steps, { gift: '2' })).rejects.toThrow('went away');
    expect(await database().repos.giftSchedule.list()).toEqual([]);
    expect(await database().repos.audit.list()).toEqual([]);
  });

  it('writes no row when nothing changed, and nothing at all for a form that does not parse', async () => {
    const remove: ActionSteps<{ id: number }, { id: number }, boolean, boolean> = {
      input: z.object({ id: z.coerce.number().int().positive() }),
      write: ({ id }, trx, { runtime }) => runtime.repos.giftSchedule.remove(id, trx),
      audit: (removed, { id }) => (removed ? { action: 'schedule_remove', subject: `окно ${id}` } : null),
      answer: (removed) => removed,
      invalid: () => false,
    };
    expect(await run(remove, { id: '404' })).toBe(false);
    expect(await run(remove, { id: 'окно' })).toBe(false);
    // A call that posts no form at all (anyone may call a server action with anything).
    expect(await runActionSteps(remove, request, ['not', 'a', 'form'])).toBe(false);
    expect(await database().repos.audit.list()).toEqual([]);
  });

  it('rolls back every write a console action makes together with its row, and commits them together', async () => {
    const { repos } = database();
    await repos.popups.seed(filePopupSeeds(), 1);
    const [edited, tested] = await repos.popups.list();
    const spam = await repos.leads.accept(sampleLead(), null);
    const erased = await repos.leads.accept(sampleLead({ email: 'erase.me@example.com' }), null);
    const settings = { ...DEFAULT_ALERT_SETTINGS, telegramChats: ['42'] };
    const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });
    // Each repository method a console action writes through, in the action's transaction.
    const everything = (note: AuditNote): ActionSteps<object, object, undefined, void> => ({
      input: z.object({}),
      async write(_change, trx, { runtime: { repos: writing, hashKey }, now }) {
        const as = { actor: OPERATOR, now };
        await writing.leads.markSpam(spam.leadId, true, trx);
        await writing.deliveryQueue.requeueDead(now, undefined, trx);
        await writing.alertQueue.requeueDead(now, undefined, trx);
        await writing.settings.saveAlertSettings(settings, trx);
        await followSavedSettings(writing.alertQueue, settings, now, trx);
        await eraseVisitor(writing, 'erase.me@example.com', hashKey, trx);
        await writing.popups.save(edited!.id, { ...edited!.config, enabled: !edited!.config.enabled }, { ...as, expectedVersion: 1 }, trx);
        await writing.popups.rollback(edited!.id, 1, { ...as, expectedVersion: 2 }, trx);
        const started = await popupTests(writing).start(tested!.id, [texts('A'), texts('B')], { ...as, plannedShows: 1000 }, trx);
        if (started.started) await popupTests(writing).stop(started.test.id, as, trx);
        const added = await writing.giftSchedule.add(window, now, trx);
        if ('id' in added) await writing.giftSchedule.update(added.id, { ...window, giftNumber: 3 }, trx);
        const removed = await writing.giftSchedule.add({ ...window, startTimestamp: window.endTimestamp, endTimestamp: window.endTimestamp + 1 }, now, trx);
        if ('id' in removed) await writing.giftSchedule.remove(removed.id, trx);
      },
      audit: () => note,
      answer: () => undefined,
    });

    await expect(run(everything({ action: null as never }))).rejects.toThrow();
    expect((await repos.leads.findLead(spam.leadId))?.isSpam).toBe(false);
    expect(await repos.leads.findLead(erased.leadId)).toBeDefined();
    expect(await repos.settings.alertSettings()).toEqual(DEFAULT_ALERT_SETTINGS);
    expect((await repos.popups.get(edited!.id))?.version).toBe(1);
    expect(await popupTests(repos).forPopup(tested!.id)).toEqual([]);
    expect(await repos.giftSchedule.list()).toEqual([]);
    expect(await repos.audit.list()).toEqual([]);

    await run(everything({ action: 'popup_save', subject: edited!.id }));
    expect((await repos.leads.findLead(spam.leadId))?.isSpam).toBe(true);
    expect(await repos.leads.findLead(erased.leadId)).toBeUndefined();
    expect(await repos.settings.alertSettings()).toEqual(settings);
    expect(await repos.popups.history(edited!.id)).toMatchObject([{ version: 3, restoredFrom: 1 }, { version: 2 }, { version: 1 }]);
    expect(await popupTests(repos).forPopup(tested!.id)).toMatchObject([{ status: 'stopped', stoppedBy: OPERATOR }]);
    expect(await repos.giftSchedule.list()).toMatchObject([{ giftNumber: 3 }]);
    expect(await repos.audit.list()).toMatchObject([{ actor: OPERATOR, action: 'popup_save', subject: edited!.id }]);
  });
});
