import { describe, expect, it } from 'vitest';
import { campaignKey, emailPattern, floodSignsOf, slidingCount, type FloodActivity } from './flood-signs';

const thresholds = { perAddress: 4, perNetwork: 10 };
const activity = (overrides: Partial<FloodActivity>): FloodActivity => ({
  address: 1,
  network: 1,
  emailPattern: 1,
  campaign: 1,
  campaignFromNetwork: 1,
  ...overrides,
});

describe('the signs of a flood', () => {
  it('shows none for a visitor’s lead or two, even in a busy campaign that many networks fill', () => {
    expect(floodSignsOf(activity({}), thresholds)).toEqual([]);
    expect(floodSignsOf(activity({ address: 2, network: 3, emailPattern: 2 }), thresholds)).toEqual([]);
    // A webinar's end: 300 leads into one campaign, this network sent 5 of them.
    expect(floodSignsOf(activity({ campaign: 300, campaignFromNetwork: 5, network: 5 }), thresholds)).toEqual([]);
  });

  it('holds the lead that makes an address’s, or a network’s, count reach its threshold', () => {
    expect(floodSignsOf(activity({ address: 3 }), thresholds)).toEqual([]);
    expect(floodSignsOf(activity({ address: 4 }), thresholds)).toEqual(['address']);
    expect(floodSignsOf(activity({ network: 9 }), thresholds)).toEqual([]);
    expect(floodSignsOf(activity({ network: 10 }), thresholds)).toEqual(['network']);
  });

  it('holds e-mails made from one template, from however many addresses', () => {
    expect(floodSignsOf(activity({ emailPattern: 3 }), thresholds)).toEqual([]);
    expect(floodSignsOf(activity({ emailPattern: 4 }), thresholds)).toEqual(['email_pattern']);
  });

  it('holds a burst of one form and campaign when a quarter of it or more came from this lead’s network', () => {
    expect(floodSignsOf(activity({ campaign: 19, campaignFromNetwork: 19, network: 9 }), thresholds)).toEqual([]);
    expect(floodSignsOf(activity({ campaign: 20, campaignFromNetwork: 5, network: 5 }), thresholds)).toEqual(['campaign_burst']);
    expect(floodSignsOf(activity({ campaign: 20, campaignFromNetwork: 4, network: 4 }), thresholds)).toEqual([]);
  });

  it('lists every sign a lead shows', () => {
    expect(floodSignsOf(activity({ address: 30, network: 60, emailPattern: 60, campaign: 60, campaignFromNetwork: 60 }), thresholds)).toEqual([
      'address',
      'network',
      'email_pattern',
      'campaign_burst',
    ]);
  });
});

describe('an e-mail’s pattern', () => {
  it('is one for addresses made from a template: digits and a +tag count as any', () => {
    expect(emailPattern('Junk-17@X.ru')).toBe('junk-#@x.ru');
    expect(emailPattern('junk-2031@x.ru')).toBe(emailPattern('junk-17@x.ru'));
    expect(emailPattern('anna+1@gmail.com')).toBe(emailPattern('anna+promo2@gmail.com'));
    expect(emailPattern('bot12x34@mail.ru')).toBe('bot#x#@mail.ru');
  });

  it('keeps people apart: another name, another domain, a phone number as the address', () => {
    expect(emailPattern('anna.petrova@mail.ru')).not.toBe(emailPattern('anna.smirnova@mail.ru'));
    expect(emailPattern('ivan1985@mail.ru')).not.toBe(emailPattern('ivan1985@yandex.ru'));
    expect(emailPattern('89161234567@mail.ru')).toBe('89161234567@mail.ru');
    expect(emailPattern('89161234567@mail.ru')).not.toBe(emailPattern('89167654321@mail.ru'));
    expect(emailPattern('ab12@mail.ru')).not.toBe(emailPattern('ab13@mail.ru'));
    expect(emailPattern('иван1@почта.рф')).toBe(emailPattern('иван2@почта.рф'));
  });
});

describe('a form and campaign', () => {
  it('is the campaign, else the source, of one form', () => {
    expect(campaignKey('contact', { source: 'vk', campaign: 'spring' })).toBe(campaignKey('contact', { campaign: 'spring' }));
    expect(campaignKey('contact', { source: 'vk' })).not.toBe(campaignKey('contact', { source: 'ya' }));
    expect(campaignKey('contact', { campaign: 'spring' })).not.toBe(campaignKey('course-git', { campaign: 'spring' }));
    expect(campaignKey('contact', {})).toBe(campaignKey('contact', {}));
  });
});

describe('a count over the last ten minutes from two fixed windows', () => {
  it('takes all of the current window and the part of the previous one still inside the look-back', () => {
    expect(slidingCount(3, 0, 0.5)).toBe(3);
    expect(slidingCount(3, 10, 0)).toBe(13);
    expect(slidingCount(3, 10, 0.25)).toBe(10);
    expect(slidingCount(3, 10, 1)).toBe(3);
  });
});
