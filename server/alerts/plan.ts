import type { NewAlert } from '../repositories/alert-queue';
import { nextOpening } from '../rules/working-hours';
import { recipientKey, recipientsOf, type AlertSettings } from '../rules/alert-settings';

/**
 * The alerts a lead accepted at `now` queues with itself: one a recipient of each channel this server
 * can send on. In working hours they are due now; outside them they are held for the next opening,
 * where the worker sends each recipient the night's alerts as one digest.
 */
export function planAlerts(settings: AlertSettings, channels: { telegram: boolean; email: boolean }, now: number): NewAlert[] {
  const recipients = recipientsOf(settings, channels);
  if (recipients.length === 0) return [];
  const opening = nextOpening(now, settings) ?? now;
  const held = opening > now;
  return recipients.map((recipient) => ({ recipient: recipientKey(recipient), held, dueAt: opening }));
}
