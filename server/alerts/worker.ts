import type { AlertsConfig, RetryPolicy } from '../config';
import { consoleLogger, errorKind, type Logger } from '../log';
import { nextAttemptAt } from '../outbox/backoff';
import type { ClaimedDelivery, Repositories } from '../repositories/types';
import { chooseBatch, type AlertBatch } from './batch';
import { PollingLoop } from '../outbox/polling-loop';
import { sendMail, sendTelegram, type SendResult } from './channels';
import { alertLead } from './lead-summary';
import { mailAlert, mailDigest, telegramAlert, telegramDigest, type AlertLead, type MessageOptions } from './message';
import { listedRecipientKeys, parseRecipientKey, type AlertRecipient } from './settings';

export interface AlertWorkerOptions {
  repos: Repositories;
  config: AlertsConfig;
  pollMs: number;
  retry: RetryPolicy;
  /** At most one message a recipient this often (Telegram: one a second a chat). */
  spacingMs?: number;
  log?: Logger;
  now?: () => number;
  random?: () => number;
}

export const ALERT_SPACING_MS = 1000;

/** Telegram's 400 for a link it does not accept (`wrong HTTP URL`, `can't parse entities`). */
function isRefusedLink(error: string): boolean {
  return /^Telegram HTTP 400: .*(url|entit)/i.test(error);
}
const RECIPIENTS_A_RUN = 50;

/** A recipient is held while its message is under way, at most this long (then another worker may go on). */
export function alertLeaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5000;
}

/**
 * Sends the lead alerts of the outbox (kind `alert`), apart from the GetCourse worker so neither waits
 * for the other. Each run takes every recipient with due alerts whose time has come (alert_recipients:
 * one message under way a recipient across all instances, one a second, Telegram's retry_after for all),
 * claims its next message's alerts (the night's held ones together as a digest, one due alert alone, a burst
 * together as a list; at most a dozen a message),
 * sends it and records the result: sent, or back to pending with backoff (the whole digest together), or
 * dead after the attempt limit. A failure of one channel never holds another recipient.
 */
export class AlertWorker extends PollingLoop {
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly spacingMs: number;

  constructor(private readonly options: AlertWorkerOptions) {
    super();
    this.log = options.log ?? consoleLogger;
    this.now = options.now ?? Date.now;
    this.spacingMs = options.spacingMs ?? ALERT_SPACING_MS;
  }

  get enabled(): boolean {
    return this.options.config.telegram !== null || this.options.config.email !== null;
  }

  start(): void {
    if (this.running || !this.enabled) return;
    this.log.info('alerts.worker_started', { telegram: this.options.config.telegram !== null, email: this.options.config.email !== null });
    this.startLoop();
  }

  /** One pass over the recipients with due alerts; the number of messages sent. */
  async runOnce(): Promise<{ sent: number; failed: number }> {
    const summary = { sent: 0, failed: 0 };
    const recipients = await this.options.repos.outbox.dueAlertRecipients(this.now(), RECIPIENTS_A_RUN);
    const results = await Promise.allSettled(
      recipients.map(async (key) => {
        const outcome = await this.sendNext(key);
        if (outcome === 'sent') summary.sent += 1;
        else if (outcome === 'failed') summary.failed += 1;
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return summary;
  }

  private channelReady(recipient: AlertRecipient): boolean {
    return recipient.channel === 'telegram' ? this.options.config.telegram !== null : this.options.config.email !== null;
  }

  private timeoutMs(recipient: AlertRecipient): number {
    const channel = recipient.channel === 'telegram' ? this.options.config.telegram : this.options.config.email;
    return channel?.timeoutMs ?? 10_000;
  }

  private async sendNext(key: string): Promise<'sent' | 'failed' | 'skipped'> {
    const recipient = parseRecipientKey(key);
    // A channel this server cannot send on (its variables are gone): the alerts wait, never dropped.
    if (!recipient || !this.channelReady(recipient)) return 'skipped';
    const { repos } = this.options;
    const now = this.now();
    const leaseMs = alertLeaseMs(this.timeoutMs(recipient));
    if (!(await repos.alertRecipients.take(key, now, now + leaseMs))) return 'skipped';
    let nextAt = now;
    try {
      const batch = chooseBatch(await repos.outbox.dueAlerts(key, now));
      if (!batch) return 'skipped';
      const claimed = await repos.outbox.claimAlerts(batch.ids, { now, leaseMs });
      if (claimed.length === 0) return 'skipped';
      const leads = (await Promise.all(claimed.map((claim) => (claim.leadId === null ? undefined : repos.leads.findLead(claim.leadId))))).flatMap((lead) =>
        lead ? [alertLead(lead)] : [],
      );
      const settings = await repos.settings.alertSettings();
      const options: MessageOptions = { withoutPersonalData: settings.withoutPersonalData, siteUrl: this.options.config.siteUrl };
      // A recipient removed in the console (a manager who left) gets nothing more, also of what was queued
      // for them: saving the settings deletes such alerts, and one a worker had already taken then goes
      // here, unsent (never marked delivered). An erased lead has nothing to announce either.
      const removed = !listedRecipientKeys(settings).includes(key);
      if (removed || leads.length === 0) {
        const dropped = await repos.outbox.dropClaimedAlerts(claimed);
        this.log.info('alerts.dropped_unsent', { channel: recipient.channel, alerts: dropped, reason: removed ? 'recipient_removed' : 'lead_gone' });
        return 'skipped';
      }
      const result = await this.send(recipient, leads, batch, options);
      const finished = this.now();
      nextAt = finished + Math.max(this.spacingMs, result.ok ? 0 : (result.retryAfterMs ?? 0));
      await this.record(claimed, result, finished, recipient);
      return result.ok ? 'sent' : 'failed';
    } finally {
      await repos.alertRecipients.release(key, nextAt);
    }
  }

  private send(recipient: AlertRecipient, leads: AlertLead[], batch: AlertBatch, options: MessageOptions): Promise<SendResult> {
    const { telegram, email } = this.options.config;
    // A single lead whose alert was held is still the night's digest (of one).
    const digest = batch.kind === 'single' ? null : { ...options, kind: batch.kind, remaining: batch.remaining };
    try {
      if (recipient.channel === 'telegram') {
        const text = (telLinks: boolean) =>
          digest ? telegramDigest(leads, { ...digest, telLinks }) : telegramAlert(leads[0]!, { ...options, telLinks });
        return sendTelegram(telegram!, recipient.address, text(true)).then((result) =>
          // A Telegram that will not take the `tel:` link: the same message with the number as text.
          !result.ok && isRefusedLink(result.error) ? sendTelegram(telegram!, recipient.address, text(false)) : result,
        );
      }
      return sendMail(email!, recipient.address, digest ? mailDigest(leads, digest) : mailAlert(leads[0]!, options));
    } catch (error) {
      return Promise.resolve({ ok: false, error: `alert failed (${errorKind(error)})`, failure: 'refused' });
    }
  }

  /** The whole message's alerts together: sent, or due again at one time (so a digest stays one). */
  private async record(claimed: ClaimedDelivery[], result: SendResult, now: number, recipient: AlertRecipient): Promise<void> {
    const { outbox } = this.options.repos;
    const ids = { channel: recipient.channel, alerts: claimed.length, outboxId: claimed[0]!.id };
    if (result.ok) {
      await Promise.all(claimed.map((claim) => outbox.markSent(claim, now)));
      this.log.info('alerts.sent', ids);
      return;
    }
    const attempts = Math.max(...claimed.map((claim) => claim.attempts));
    let retryAt = nextAttemptAt(attempts, this.options.retry, now, this.options.random);
    if (retryAt !== null && result.retryAfterMs !== undefined) retryAt = Math.max(retryAt, now + result.retryAfterMs);
    await Promise.all(claimed.map((claim) => outbox.markFailed(claim, { error: result.error, retryAt }, now)));
    if (retryAt === null) this.log.error('alerts.dead', { ...ids, error: result.error });
    else this.log.warn('alerts.retry', { ...ids, error: result.error, retryInMs: retryAt - now });
  }

  protected async loop(): Promise<void> {
    let consecutiveErrors = 0;
    while (this.running) {
      try {
        await this.runOnce();
        consecutiveErrors = 0;
      } catch (error) {
        consecutiveErrors += 1;
        this.log.error('alerts.worker_error', { error: errorKind(error), consecutiveErrors });
      }
      await this.sleep(this.options.pollMs * Math.min(2 ** consecutiveErrors, 30));
    }
  }
}
