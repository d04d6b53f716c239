/**
 * The bot learns who joins the lead alerts: while a join link's code can still be used, the process
 * reads the messages written to the bot (getUpdates, long polling) and takes every `/start <code>` of a
 * private chat: the chat goes on the alerts' list with the name Telegram gives (one unit of work:
 * repositories/alert-joins.ts), and the bot answers the manager in a line. With no code open the bot is
 * not asked anything. The offset lives in the database, so any instance (web or `npm run worker`) may
 * read and none reads an update twice for long; using a code is conditional, so an update read by two
 * instances at once joins once.
 *
 * Polling, not a webhook: it needs no public HTTPS address reachable from Telegram (a local site, a
 * server behind NAT or a firewall all work), adds no public endpoint to guard, and the bot's messages are
 * read only during the minutes someone is joining.
 */
import type { AlertsConfig } from '../config';
import { PollingLoop } from '../jobs/polling-loop';
import { consoleLogger, type Logger } from '../log';
import type { Repositories } from '../repositories';
import type { JoinOutcome } from '../repositories/alert-joins';
import { sendTelegram } from './channels';
import { hashJoinCode, isJoinCode, startParameterOf, telegramDisplayName } from './join-code';
import { escapeHtml } from './message';
import { getUpdates, type TelegramUpdate } from './telegram-bot';

export interface JoinWatcherOptions {
  repos: Repositories;
  config: AlertsConfig;
  pollMs: number;
  /** How long one getUpdates waits for a message (Telegram's long polling), seconds. */
  waitSeconds?: number;
  log?: Logger;
  now?: () => number;
}

/** What the bot answers a `/start <code>`, by what became of it. */
export function joinReply(outcome: JoinOutcome): string {
  if ('joined' in outcome) return `Готово, ${outcome.joined.name}: теперь сюда будут приходить уведомления о новых заявках с сайта школы.`;
  switch (outcome.refused) {
    case 'expired':
      return 'Эта ссылка устарела. Попросите в консоли сайта новую («Уведомления» → «Подключить менеджера»).';
    case 'used':
      return 'По этой ссылке уже подключились. Попросите в консоли сайта новую.';
    case 'full':
      return 'В списке получателей уже 20 чатов: уберите кого-нибудь в консоли сайта и попросите новую ссылку.';
    case 'unknown':
      return 'Эта ссылка не подходит. Попросите в консоли сайта новую.';
  }
}

export class JoinWatcher extends PollingLoop {
  private readonly stopping = new AbortController();
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(private readonly options: JoinWatcherOptions) {
    const log = options.log ?? consoleLogger;
    super({ name: 'alerts_join', pollMs: options.pollMs, log });
    this.log = log;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.running && this.options.config.telegram) this.startLoop();
  }

  /** Ends a getUpdates under way at once, then the loop. */
  override async stop(): Promise<void> {
    this.stopping.abort();
    await super.stop();
  }

  /** One read of the bot's messages, if a code is open; true when Telegram had a full page (more to read at once). */
  async runOnce(): Promise<boolean> {
    const telegram = this.options.config.telegram;
    const { repos } = this.options;
    if (!telegram || !(await repos.alertJoins.hasOpenCodes(this.now()))) return false;
    const offset = await repos.settings.telegramUpdatesOffset();
    const answer = await getUpdates(telegram, offset, this.options.waitSeconds ?? 20, this.stopping.signal);
    if (!answer.ok) {
      if (this.stopping.signal.aborted) return false;
      // 409: another instance is reading at this moment (Telegram lets one getUpdates wait at a time), or a
      // webhook is set on the bot (see docs/telegram-join.md).
      if (answer.status === 409) this.log.warn('alerts_join.conflict', { error: answer.error });
      else throw new Error(answer.error);
      return false;
    }
    const updates = answer.result.filter((update) => Number.isSafeInteger(update.update_id));
    for (const update of updates) await this.take(update);
    const last = Math.max(...updates.map((update) => update.update_id));
    if (updates.length > 0) await repos.settings.advanceTelegramUpdatesOffset(last + 1);
    return updates.length >= 100;
  }

  protected async pass(): Promise<boolean> {
    return this.runOnce();
  }

  /** A `/start <code>` of a person's private chat joins; every other message is read past. */
  private async take(update: TelegramUpdate): Promise<void> {
    const message = update.message;
    const code = startParameterOf(message?.text ?? '');
    const chatId = message?.chat?.id;
    if (code === null || message?.chat?.type !== 'private' || chatId === undefined || message.from?.is_bot) return;
    const chat = String(chatId);
    const outcome: JoinOutcome = isJoinCode(code)
      ? await this.options.repos.alertJoins.join(
          hashJoinCode(code),
          { chatId: chat, name: telegramDisplayName(message.from ?? {}, chat), username: message.from?.username ?? null },
          this.now(),
        )
      : { refused: 'unknown' };
    this.log.info('alerts_join.start', { outcome: 'joined' in outcome ? 'joined' : outcome.refused });
    const reply = await sendTelegram(this.options.config.telegram!, chat, escapeHtml(joinReply(outcome)));
    if (!reply.ok) this.log.warn('alerts_join.reply_failed', { error: reply.code, detail: reply.detail });
  }
}

export function createJoinWatcher(options: JoinWatcherOptions): JoinWatcher {
  return new JoinWatcher(options);
}
