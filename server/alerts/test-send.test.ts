import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '@/tests/support/fake-smtp';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { sendTestAlerts } from './test-send';

let telegram: FakeTelegram;
let smtp: FakeSmtp;
beforeAll(async () => {
  [telegram, smtp] = await Promise.all([startFakeTelegram(), startFakeSmtp()]);
});
afterAll(async () => {
  await Promise.all([telegram.close(), smtp.close()]);
});

describe('«Отправить пробное уведомление»', () => {
  it('tries every recipient and says how each went', async () => {
    telegram.setUnknownChats(['999']);
    const results = await sendTestAlerts(
      {
        telegram: { apiUrl: telegram.url, token: '1:t', timeoutMs: 2000 },
        email: { smtpUrl: smtp.url, from: 'site@school.example', timeoutMs: 2000 },
        siteUrl: null,
      },
      { telegramChats: ['42', '999'], emails: ['sales@school.example'] },
    );
    expect(results.map((result) => [result.recipient.address, result.outcome])).toEqual([
      ['42', 'sent'],
      ['999', 'chat_not_found'],
      ['sales@school.example', 'sent'],
    ]);
    expect(telegram.delivered('42')[0]!.text).toContain('Пробное уведомление');
    expect(smtp.received('sales@school.example')[0]!.header('subject')).toBeDefined();

    smtp.setDown(true);
    const refused = await sendTestAlerts(
      { telegram: null, email: { smtpUrl: smtp.url, from: 'site@school.example', timeoutMs: 2000 }, siteUrl: null },
      { telegramChats: ['42'], emails: ['sales@school.example'] },
    );
    expect(refused.map((result) => result.outcome)).toEqual(['not_configured', 'refused']);
  });
});
