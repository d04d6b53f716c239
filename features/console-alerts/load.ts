import { requireOperator } from '@/server/admin/session';
import { settingsInput } from '@/server/alerts/settings';

/** «Уведомления»: which channels the server can send on, the settings as the form shows them, the queue's state. */
export async function loadNotifications() {
  const { runtime } = await requireOperator();
  const { telegram, email } = runtime.config.alerts;
  const [settings, health] = await Promise.all([runtime.repos.settings.alertSettings(), runtime.repos.alertQueue.health()]);
  return { telegram: telegram !== null, email: email !== null, settings: settingsInput(settings), health };
}

/** The managers' alerts of a lead, for its page. */
export async function loadLeadAlerts(leadId: number) {
  const { runtime } = await requireOperator();
  return runtime.repos.alertQueue.forLead(leadId);
}

export type Notifications = Awaited<ReturnType<typeof loadNotifications>>;
