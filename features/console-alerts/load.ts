import { requireOperator } from '@/server/admin/session';
import { joinedChatsOf, settingsInput } from '@/server/rules/alert-settings';
import { managerText } from './alert-labels';

/**
 * «Уведомления»: which channels the server can send on, the managers who joined by the bot's link (by
 * name), the settings as the form shows them (its Telegram field: the other chats, groups and channels),
 * the queue's state.
 */
export async function loadNotifications() {
  const { runtime, now } = await requireOperator();
  const { telegram, email } = runtime.config.alerts;
  const [settings, chats, health] = await Promise.all([
    runtime.repos.settings.alertSettings(),
    runtime.repos.alertJoins.chats(),
    runtime.repos.alertQueue.health(now),
  ]);
  const joined = joinedChatsOf(
    settings,
    chats.map((chat) => chat.chatId),
  );
  return {
    telegram: telegram !== null,
    email: email !== null,
    managers: chats.filter((chat) => joined.includes(chat.chatId)),
    settings: settingsInput({ ...settings, telegramChats: settings.telegramChats.filter((chat) => !joined.includes(chat)) }),
    health,
  };
}

/**
 * The managers' alerts of a lead, for its page, and the Telegram names of the chats that joined by the
 * bot's link (as Telegram gave them), so a recipient reads «Telegram Вера Менеджерова (@vera_sales)».
 */
export async function loadLeadAlerts(leadId: number) {
  const { runtime } = await requireOperator();
  const [alerts, chats] = await Promise.all([runtime.repos.alertQueue.forLead(leadId), runtime.repos.alertJoins.chats()]);
  return { alerts, chatNames: Object.fromEntries(chats.map((chat) => [chat.chatId, managerText(chat)])) };
}

export type Notifications = Awaited<ReturnType<typeof loadNotifications>>;
