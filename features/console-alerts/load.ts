import { requireOperator } from '@/server/admin/session';
import { joinedChatsOf, settingsInput } from '@/server/alerts/settings';

/**
 * «Уведомления»: which channels the server can send on, the managers who joined by the bot's link (by
 * name), the settings as the form shows them (its Telegram field: the other chats, groups and channels),
 * the queue's state.
 */
export async function loadNotifications() {
  const { runtime } = await requireOperator();
  const { telegram, email } = runtime.config.alerts;
  const [settings, chats, health] = await Promise.all([
    runtime.repos.settings.alertSettings(),
    runtime.repos.alertJoins.chats(),
    runtime.repos.alertQueue.health(),
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

/** The managers' alerts of a lead, for its page. */
export async function loadLeadAlerts(leadId: number) {
  const { runtime } = await requireOperator();
  return runtime.repos.alertQueue.forLead(leadId);
}

export type Notifications = Awaited<ReturnType<typeof loadNotifications>>;
