import type { Metadata } from 'next';
import { loadNotifications } from '@/features/console-alerts/load';
import { NotificationsPage } from '@/features/console-alerts/notifications-page';

export const metadata: Metadata = { title: 'Уведомления' };

export default async function Page() {
  const notifications = await loadNotifications();
  return <NotificationsPage {...notifications} />;
}
