import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  deserializeAlertSettings,
  joinedChatsOf,
  MAX_RECIPIENTS,
  parseAlertSettings,
  parseRecipientKey,
  recipientKey,
  recipientsOf,
  serializeAlertSettings,
  settingsInput,
  withJoinedChats,
} from './alert-settings';

const valid = {
  telegramChats: '123456789\n-1001234567890\n\n@school_sales',
  emails: 'Sales@School.example\nboss@school.example',
  hours: '09:00–18:00',
  days: ['1', '2', '3', '4', '5', '6'],
  withoutPersonalData: true,
};

describe('alert settings', () => {
  it('reads the console form: one recipient a line, hours, days', () => {
    const parsed = parseAlertSettings(valid);
    expect(parsed).toEqual({
      ok: true,
      settings: {
        telegramChats: ['123456789', '-1001234567890', '@school_sales'],
        emails: ['sales@school.example', 'boss@school.example'],
        openMinute: 540,
        closeMinute: 1080,
        days: [1, 2, 3, 4, 5, 6],
        withoutPersonalData: true,
      },
    });
    if (!parsed.ok) return;
    expect(deserializeAlertSettings(serializeAlertSettings(parsed.settings))).toEqual(parsed.settings);
    expect(settingsInput(parsed.settings)).toMatchObject({ hours: '09:00–18:00', emails: 'sales@school.example\nboss@school.example' });
  });

  it('refuses each bad field with a code and the bad value', () => {
    expect(
      parseAlertSettings({
        telegramChats: '12ab',
        emails: 'a@b.example\nx@y.example\r\nBcc: z@z.example',
        hours: '19:00–10:00',
        days: [],
        withoutPersonalData: false,
      }),
    ).toEqual({
      ok: false,
      errors: {
        telegramChats: { code: 'chat_invalid', value: '12ab' },
        emails: { code: 'email_invalid', value: 'bcc: z@z.example' },
        hours: { code: 'hours_order' },
        days: { code: 'days_empty' },
      },
    });
    expect(parseAlertSettings({ ...valid, emails: 'a b@c.example' })).toMatchObject({ ok: false, errors: { emails: { code: 'email_invalid' } } });
    expect(parseAlertSettings({ ...valid, telegramChats: Array.from({ length: 21 }, (_, i) => String(i + 1)).join('\n') })).toMatchObject({
      ok: false,
      errors: { telegramChats: { code: 'too_many' } },
    });
  });

  it('falls back to the defaults on an unreadable stored value', () => {
    expect(deserializeAlertSettings(undefined)).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(deserializeAlertSettings('{nope')).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('lists the recipients of the configured channels only', () => {
    const parsed = parseAlertSettings(valid);
    if (!parsed.ok) throw new Error('valid');
    expect(recipientsOf(parsed.settings, { telegram: true, email: false }).map(recipientKey)).toEqual([
      'telegram:123456789',
      'telegram:-1001234567890',
      'telegram:@school_sales',
    ]);
    expect(recipientsOf(parsed.settings, { telegram: false, email: true })).toHaveLength(2);
    expect(parseRecipientKey('email:a@b.example')).toEqual({ channel: 'email', address: 'a@b.example' });
    expect(parseRecipientKey('fax:1')).toBeNull();
  });
});

describe('the chats that joined by the bot link', () => {
  const settings = { ...DEFAULT_ALERT_SETTINGS, telegramChats: ['-1001', '42'] };

  it('stay on the list whatever the text field says, first and once; the limit counts them', () => {
    expect(joinedChatsOf({ telegramChats: ['1', '2', '3'] }, ['3', '1', '9'])).toEqual(['1', '3']);
    expect(withJoinedChats(settings, ['7', '42'])?.telegramChats).toEqual(['7', '42', '-1001']);
    expect(
      withJoinedChats(
        { ...settings, telegramChats: [] },
        Array.from({ length: MAX_RECIPIENTS }, (_, i) => String(i)),
      )?.telegramChats,
    ).toHaveLength(MAX_RECIPIENTS);
    expect(
      withJoinedChats(
        settings,
        Array.from({ length: MAX_RECIPIENTS - 1 }, (_, i) => String(i)),
      ),
    ).toBeNull();
  });
});
