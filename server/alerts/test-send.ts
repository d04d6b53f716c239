/**
 * «Отправить пробное уведомление»: one test message to every recipient of the form, straight away (not
 * through the outbox: the marketer waits for the answer), each result a code the console shows in Russian.
 */
import type { AlertsConfig } from '../config';
import { sendMail, sendTelegram, type SendFailure } from './channels';
import { escapeHtml, TEST_MESSAGE } from './message';
import type { AlertRecipient, AlertSettings } from '../rules/alert-settings';

export interface TestResult {
  recipient: AlertRecipient;
  outcome: 'sent' | 'not_configured' | SendFailure;
}

export async function sendTestAlerts(config: AlertsConfig, settings: Pick<AlertSettings, 'telegramChats' | 'emails'>): Promise<TestResult[]> {
  const recipients: AlertRecipient[] = [
    ...settings.telegramChats.map((address): AlertRecipient => ({ channel: 'telegram', address })),
    ...settings.emails.map((address): AlertRecipient => ({ channel: 'email', address })),
  ];
  return Promise.all(
    recipients.map(async (recipient): Promise<TestResult> => {
      if (recipient.channel === 'telegram') {
        if (!config.telegram) return { recipient, outcome: 'not_configured' };
        const result = await sendTelegram(config.telegram, recipient.address, `<b>${escapeHtml(TEST_MESSAGE)}</b>`);
        return { recipient, outcome: result.ok ? 'sent' : result.failure };
      }
      if (!config.email) return { recipient, outcome: 'not_configured' };
      const result = await sendMail(config.email, recipient.address, {
        subject: 'Пробное уведомление о заявках',
        text: TEST_MESSAGE,
        html: `<p>${escapeHtml(TEST_MESSAGE)}</p>`,
      });
      return { recipient, outcome: result.ok ? 'sent' : result.failure };
    }),
  );
}
