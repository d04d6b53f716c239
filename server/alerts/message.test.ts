import { describe, expect, it } from 'vitest';
import { digestTitle, escapeHtml, leadsCount, mailAlert, mailDigest, oneLine, telegramAlert, telegramDigest, type AlertLead } from './message';

const lead: AlertLead = {
  id: 42,
  createdAt: Date.parse('2026-11-25T09:05:00Z'),
  formTitle: 'Страница курса',
  courseTitle: 'Junior JavaScript',
  name: 'Анна',
  phone: '+79161234567',
  email: 'anna@example.com',
  page: 'Страница курса «Junior JavaScript»',
  utm: { source: 'yandex', medium: 'cpc', campaign: 'autumn' },
};
const options = { withoutPersonalData: false, siteUrl: 'https://school.example' };
const hostile = '<b>x</b> <a href="https://evil.example">жми</a>\r\nBcc: victim@example.com & co';

describe('lead alert messages', () => {
  it('says form, course, contacts with the phone as a tel: link, page, campaign, Moscow time and the console link', () => {
    const text = telegramAlert(lead, options);
    expect(text).toBe(
      [
        '<b>Новая заявка: Страница курса — Junior JavaScript</b>',
        'Имя: Анна',
        'Телефон: <a href="tel:+79161234567">+79161234567</a>',
        'E-mail: anna@example.com',
        'Страница: Страница курса «Junior JavaScript»',
        'Кампания: autumn',
        'Источник: yandex / cpc',
        'Время: 25.11.2026, 12:05 (МСК)',
        '<a href="https://school.example/admin/leads/42">Открыть в консоли</a>',
      ].join('\n'),
    );
    const mail = mailAlert(lead, options);
    expect(mail.subject).toBe('Новая заявка: Страница курса — Junior JavaScript');
    expect(mail.text).toContain('Телефон: +79161234567');
    expect(mail.html).toContain('<a href="tel:+79161234567">+79161234567</a>');
    expect(mail.text).toContain('Открыть в консоли: https://school.example/admin/leads/42');
  });

  it('keeps a hostile campaign plain text: no tag, no link, no line break', () => {
    const injected = { ...lead, utm: { ...lead.utm, campaign: hostile, term: hostile }, pagePath: `/x${hostile}` };
    const text = telegramAlert(injected, options);
    expect(text).toContain('Кампания: &lt;b&gt;x&lt;/b&gt; &lt;a href=&quot;https://evil.example&quot;&gt;жми&lt;/a&gt; Bcc: victim@example.com &amp; co');
    expect(text).not.toContain('<b>x');
    expect(text).not.toContain('<a href="https://evil');
    expect(text.split('\n').filter((line) => line.startsWith('Bcc'))).toEqual([]);
    const mail = mailAlert(injected, options);
    expect(mail.subject).not.toContain('Bcc');
    expect(mail.text.split('\n').some((line) => line.startsWith('Bcc'))).toBe(false);
    expect(mail.html).not.toContain('<b>x');
    expect(telegramDigest([injected], { ...options, kind: 'night' })).not.toContain('<b>x');
  });

  it("stays within Telegram's 4096 characters however long and hostile the visitor's values", () => {
    const huge = '<'.repeat(5000);
    const flood = { ...lead, name: huge, pagePath: huge, utm: { source: huge, medium: huge, campaign: huge, content: huge, term: huge } };
    const text = telegramAlert(flood, options);
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text).toContain('Телефон: <a href="tel:+79161234567">');
    const digest = telegramDigest(
      Array.from({ length: 12 }, (_, i) => ({ ...flood, id: i })),
      { ...options, kind: 'night' },
    );
    expect(digest.length).toBeLessThanOrEqual(4000);
    expect(digest.split('\n')).toHaveLength(13);
  });

  it('leaves out name, phone and e-mail without personal data', () => {
    const without = { ...options, withoutPersonalData: true };
    for (const text of [
      telegramAlert(lead, without),
      mailAlert(lead, without).text,
      mailAlert(lead, without).html,
      telegramDigest([lead], { ...without, kind: 'night' }),
      mailDigest([lead], { ...without, kind: 'backlog' }).html,
    ]) {
      expect(text).not.toContain('Анна');
      expect(text).not.toContain('79161234567');
      expect(text).not.toContain('anna@example.com');
      expect(text).toContain('Junior JavaScript');
    }
    expect(telegramAlert(lead, without)).toContain('Кампания: autumn');
  });

  it('makes a digest of the night, one line a lead, oldest first', () => {
    const later = { ...lead, id: 43, name: 'Борис', createdAt: lead.createdAt + 60_000 };
    const digest = telegramDigest([later, lead], { ...options, kind: 'night' });
    const lines = digest.split('\n');
    expect(lines[0]).toBe('<b>За ночь: 2 заявки</b>');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1\. 12:05 · Страница курса — Junior JavaScript · Анна · <a href="tel:\+79161234567">/);
    expect(lines[2]).toMatch(/^2\. 12:06 .*Борис/);
    expect(mailDigest([later, lead], { ...options, kind: 'night' }).subject).toBe('За ночь: 2 заявки');
    expect(telegramDigest([lead, later], { ...options, kind: 'backlog', remaining: 5 }).split('\n')).toEqual([
      '<b>Новые заявки: 2</b>',
      expect.stringMatching(/^1\. 12:05 /),
      expect.stringMatching(/^2\. 12:06 /),
      'Ещё 5 заявок — следующим сообщением.',
    ]);
  });

  it('stands for a whole night in one message: the real count, the first leads, the rest in the console', () => {
    const first = Array.from({ length: 12 }, (_, i) => ({ ...lead, id: i + 1, createdAt: lead.createdAt + i * 60_000 }));
    const lines = telegramDigest(first, { ...options, kind: 'night', total: 530 }).split('\n');
    expect(lines[0]).toBe('<b>За ночь: 530 заявок</b>');
    expect(lines).toHaveLength(14);
    expect(lines[13]).toBe('<a href="https://school.example/admin/leads">Ещё 518 заявок — в консоли, в разделе «Заявки».</a>');
    const mail = mailDigest(first, { ...options, kind: 'night', total: 530 });
    expect(mail.subject).toBe('За ночь: 530 заявок');
    expect(mail.text.split('\n').at(-1)).toBe('Ещё 518 заявок — в консоли, в разделе «Заявки». https://school.example/admin/leads');
    expect(
      telegramDigest(first, { ...options, siteUrl: null, kind: 'night', total: 13 })
        .split('\n')
        .at(-1),
    ).toBe('Ещё 1 заявка — в консоли, в разделе «Заявки».');
  });

  it('counts leads in Russian and flattens control characters', () => {
    expect([1, 2, 5, 7, 11, 21, 22, 25, 111].map(leadsCount)).toEqual([
      '1 заявка',
      '2 заявки',
      '5 заявок',
      '7 заявок',
      '11 заявок',
      '21 заявка',
      '22 заявки',
      '25 заявок',
      '111 заявок',
    ]);
    expect(digestTitle(7)).toBe('За ночь: 7 заявок');
    expect(oneLine('a\r\nb\u2028c\td')).toBe('a b c d');
    expect(escapeHtml('<&>"')).toBe('&lt;&amp;&gt;&quot;');
  });
});
