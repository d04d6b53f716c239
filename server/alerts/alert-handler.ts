import type { AlertsConfig } from '../config';
import { claimLeaseMs, QueueWorker, type QueueHandler, type QueueJob, type QueueWorkerOptions, type SendResult } from '../jobs/queue-worker';
import { consoleLogger, errorKind } from '../log';
import { noticeOf, type AlertNotice } from '../repositories/alert-queue';
import type { OutboxClaim } from '../repositories/outbox-rows';
import type { Repositories } from '../repositories';
import { sitePages } from '../site-pages';
import { chooseBatch, type AlertBatch } from './batch';
import { sendMail, sendTelegram } from './channels';
import { alertLead } from './lead-summary';
import { mailAlert, mailDigest, mailNotice, telegramAlert, telegramDigest, telegramNotice, type AlertLead, type MessageOptions } from './message';
import { listedRecipientKeys, parseRecipientKey, type AlertRecipient } from '../rules/alert-settings';

export interface AlertWorkerOptions extends QueueWorkerOptions {
  repos: Repositories;
  config: AlertsConfig;
  /** At most one message a recipient this often (Telegram: one a second a chat). */
  spacingMs?: number;
}

export const ALERT_SPACING_MS = 1000;
const RECIPIENTS_A_RUN = 50;

/** One message to one recipient: the alerts it carries (a lead, a burst's list or the night's digest). */
interface AlertJob extends QueueJob {
  key: string;
  recipient: AlertRecipient;
  claims: OutboxClaim[];
  leads: AlertLead[];
  batch: AlertBatch;
  options: MessageOptions;
  /** A notice (a split test's verdict), sent alone; null for a lead's alert or digest. */
  notice: AlertNotice | null;
}

/**
 * The managers' lead alerts (kind `alert`), apart from the GetCourse deliveries so neither waits for the
 * other. Each pass takes every recipient with due alerts whose time has come (alert_recipients: one
 * message under way a recipient across all instances, one a second, Telegram's retry_after for all),
 * claims its next message's alerts (the night's held ones together as a digest, one due alert alone, a
 * burst together as a list; at most a dozen a message) and sends it. A failure of one channel never
 * holds another recipient.
 */
export function alertHandler({
  repos,
  config,
  spacingMs = ALERT_SPACING_MS,
  log = consoleLogger,
}: Pick<AlertWorkerOptions, 'repos' | 'config' | 'spacingMs' | 'log'>): QueueHandler<string, AlertJob> {
  const channelReady = (recipient: AlertRecipient) => (recipient.channel === 'telegram' ? config.telegram !== null : config.email !== null);
  const timeoutMs = (recipient: AlertRecipient) => (recipient.channel === 'telegram' ? config.telegram : config.email)?.timeoutMs ?? 10_000;

  /**
   * The leads a message lists: those of its first `count` claims that still exist (an erased lead has
   * nothing to announce), read one by one in order, so a night of hundreds reads a dozen.
   */
  async function listedLeads(claims: readonly OutboxClaim[], count: number): Promise<AlertLead[]> {
    const leads: AlertLead[] = [];
    const { collectionNames } = await sitePages();
    for (const claim of claims) {
      if (leads.length === count) break;
      const lead = claim.leadId === null ? undefined : await repos.leads.findLead(claim.leadId);
      if (lead) leads.push(alertLead(lead, collectionNames));
    }
    return leads;
  }

  /** The recipient's next message, claimed; null when there is none to send (the recipient is then free again). */
  async function nextMessage(key: string, recipient: AlertRecipient, now: number): Promise<AlertJob | null> {
    const due = await repos.alertQueue.due(key, now);
    // A notice (a test's verdict) goes alone, before the leads' messages.
    const firstNotice = due.find((row) => row.notice !== null);
    const batch: AlertBatch | null = firstNotice ? { kind: 'single', ids: [firstNotice.id], listed: 1, remaining: 0 } : chooseBatch(due);
    if (!batch) return null;
    const claims = await repos.alertQueue.claim(batch.ids, { now, leaseMs: claimLeaseMs(timeoutMs(recipient)) });
    if (claims.length === 0) return null;
    const settings = await repos.settings.alertSettings();
    const options: MessageOptions = { withoutPersonalData: settings.withoutPersonalData, siteUrl: config.siteUrl };
    const notice = firstNotice ? noticeOf(claims[0]!.payload) : null;
    if (notice) {
      if (!listedRecipientKeys(settings).includes(key)) {
        const dropped = await repos.alertQueue.dropClaimed(claims);
        log.info('alerts.dropped_unsent', { channel: recipient.channel, alerts: dropped, reason: 'recipient_removed' });
        return null;
      }
      return {
        key,
        recipient,
        claims,
        leads: [],
        batch,
        options,
        notice,
        logFields: { channel: recipient.channel, alerts: claims.length, outboxId: claims[0]!.id },
      };
    }
    const leads = await listedLeads(claims, batch.listed);
    // A recipient removed in the console (a manager who left) gets nothing more, also of what was queued
    // for them: saving the settings deletes such alerts, and one a worker had already taken then goes
    // here, unsent (never marked delivered). An erased lead has nothing to announce either.
    const removed = !listedRecipientKeys(settings).includes(key);
    if (removed || leads.length === 0) {
      const dropped = await repos.alertQueue.dropClaimed(claims);
      log.info('alerts.dropped_unsent', { channel: recipient.channel, alerts: dropped, reason: removed ? 'recipient_removed' : 'lead_gone' });
      return null;
    }
    return {
      key,
      recipient,
      claims,
      leads,
      batch,
      options,
      notice: null,
      logFields: { channel: recipient.channel, alerts: claims.length, outboxId: claims[0]!.id },
    };
  }

  return {
    name: 'alerts',
    results: repos.alertQueue,
    configured: config.telegram !== null || config.email !== null,
    describe: { telegram: config.telegram !== null, email: config.email !== null },
    due: (now) => repos.alertQueue.dueRecipients(now, RECIPIENTS_A_RUN),

    async claim(key, now) {
      const recipient = parseRecipientKey(key);
      // A channel this server cannot send on (its variables are gone): the alerts wait, never dropped.
      if (!recipient || !channelReady(recipient)) return null;
      if (!(await repos.alertRecipients.take(key, now, now + claimLeaseMs(timeoutMs(recipient))))) return null;
      let job: AlertJob | null = null;
      try {
        job = await nextMessage(key, recipient, now);
        return job;
      } finally {
        if (!job) await repos.alertRecipients.release(key, now);
      }
    },

    send({ recipient, claims, leads, batch, options, notice }): Promise<SendResult> {
      const { telegram, email } = config;
      if (notice) {
        try {
          return recipient.channel === 'telegram'
            ? sendTelegram(telegram!, recipient.address, telegramNotice(notice))
            : sendMail(email!, recipient.address, mailNotice(notice));
        } catch (error) {
          return Promise.resolve({ ok: false, error: `alert failed (${errorKind(error)})` });
        }
      }
      // A single lead whose alert was held is still the night's digest (of one).
      const digest = batch.kind === 'single' ? null : { ...options, kind: batch.kind, total: claims.length, remaining: batch.remaining };
      try {
        if (recipient.channel === 'telegram') {
          const text = (telLinks: boolean) => (digest ? telegramDigest(leads, { ...digest, telLinks }) : telegramAlert(leads[0]!, { ...options, telLinks }));
          return sendTelegram(telegram!, recipient.address, text(true)).then((result) =>
            // A Telegram that will not take the `tel:` link: the same message with the number as text.
            !result.ok && result.failure === 'link_refused' ? sendTelegram(telegram!, recipient.address, text(false)) : result,
          );
        }
        return sendMail(email!, recipient.address, digest ? mailDigest(leads, digest) : mailAlert(leads[0]!, options));
      } catch (error) {
        return Promise.resolve({ ok: false, error: `alert failed (${errorKind(error)})` });
      }
    },

    /** The recipient's next message may start a spacing later, or after Telegram's retry_after. */
    async release({ key }, result, at) {
      const wait = result === null ? 0 : Math.max(spacingMs, result.ok ? 0 : (result.retryAfterMs ?? 0));
      await repos.alertRecipients.release(key, at + wait);
    },
  };
}

/** The lead alerts' worker: its own loop beside the GetCourse deliveries' (in the web process or `npm run worker`). */
export function createAlertWorker(options: AlertWorkerOptions): QueueWorker<string, AlertJob> {
  return new QueueWorker(alertHandler(options), options);
}
