import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlertQueueRepository } from '../repositories/alert-queue';
import { nextOpening } from '../rules/working-hours';
import { listedRecipientKeys, type AlertSettings } from '../rules/alert-settings';

/**
 * After «Сохранить» on «Уведомления», the alerts still in the queue follow what was saved: those held for
 * the night wait for the new hours' next opening (they go at once when the new hours are open now), and
 * those to a recipient taken off the list are dropped, so a manager removed gets no more leads, their
 * contacts included, from the queue, and no lead's page counts them as delivered (the worker deletes
 * unsent any it had claimed before the save). Alerts already sent stay on their leads' pages. In `trx`, the
 * save's transaction: the queue follows exactly the settings stored.
 */
export function followSavedSettings(alertQueue: Pick<AlertQueueRepository, 'followSettings'>, settings: AlertSettings, now: number, trx?: Kysely<Database>) {
  return alertQueue.followSettings({ recipients: listedRecipientKeys(settings), heldDueAt: nextOpening(now, settings) }, now, trx);
}
