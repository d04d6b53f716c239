import { describe, expect, it } from 'vitest';
import { isRobot, refusesTracking, takesPart } from './visitors';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const yandexBrowser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.4.0.0 Safari/537.36';
const safariPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const headers = (values: Record<string, string>) => new Headers(values);

describe('page tests: who takes part', () => {
  it("takes people's browsers", () => {
    for (const agent of [chrome, yandexBrowser, safariPhone]) expect(isRobot(agent), agent).toBe(false);
  });

  it('gives robots the original: search engines (whether or not they say "bot"), link previews, tools, headless browsers and no User-Agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; YandexMetrika/2.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)',
      'Mediapartners-Google',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.31',
      // A script's fetch (Node's, or a test runner's request client): a tool, not a person's browser.
      'node',
      'undici',
      'Playwright/1.58.0 (x64; debian 12) node/20.20',
      `${chrome.replace('Chrome', 'HeadlessChrome')}`,
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      '',
    ]) {
      expect(isRobot(agent), agent).toBe(true);
    }
    expect(isRobot(null)).toBe(true);
  });

  it('leaves out visitors who ask not to be tracked (Global Privacy Control, Do Not Track)', () => {
    expect(refusesTracking(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(refusesTracking(headers({ dnt: '1' }))).toBe(true);
    expect(refusesTracking(headers({ dnt: '0' }))).toBe(false);
    expect(refusesTracking(headers({}))).toBe(false);
    expect(takesPart(headers({ 'user-agent': chrome }))).toBe(true);
    expect(takesPart(headers({ 'user-agent': chrome, 'sec-gpc': '1' }))).toBe(false);
    expect(takesPart(headers({ 'user-agent': 'Googlebot/2.1' }))).toBe(false);
  });
});
