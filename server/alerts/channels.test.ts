import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { sendTelegram } from './channels';

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

describe('the Telegram channel says why a message did not go, as a code', () => {
  const config = () => ({ apiUrl: telegram.url, token: '1:t', timeoutMs: 2000 });
  const withLink = 'Телефон: <a href="tel:+79161234567">+79161234567</a>';

  it('names a refused tel: link apart from other refusals, so the alert worker can send the number as text', async () => {
    telegram.reset();
    telegram.setMode('no-tel-links');
    telegram.setUnknownChats(['999']);
    expect(await sendTelegram(config(), '42', withLink)).toMatchObject({ ok: false, code: 'link_refused' });
    expect(await sendTelegram(config(), '999', 'Новая заявка')).toMatchObject({ ok: false, code: 'chat_not_found' });
    expect(await sendTelegram(config(), '42', 'Телефон: +79161234567')).toEqual({ ok: true });
  });
});
