import { describe, expect, it } from 'vitest';
import { planAlerts } from './plan';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';

const settings = { ...DEFAULT_ALERT_SETTINGS, telegramChats: ['111', '@sales'], emails: ['sales@school.example'] };
const both = { telegram: true, email: true };

describe('planning the alerts of a lead', () => {
  it('queues one alert a recipient, due now in working hours', () => {
    const wednesdayNoon = Date.parse('2026-11-25T09:00:00Z');
    expect(planAlerts(settings, both, wednesdayNoon)).toEqual([
      { recipient: 'telegram:111', held: false, dueAt: wednesdayNoon },
      { recipient: 'telegram:@sales', held: false, dueAt: wednesdayNoon },
      { recipient: 'email:sales@school.example', held: false, dueAt: wednesdayNoon },
    ]);
  });

  it('holds them for the next opening outside working hours', () => {
    const saturday = Date.parse('2026-11-28T12:00:00Z');
    expect(planAlerts(settings, { telegram: false, email: true }, saturday)).toEqual([
      { recipient: 'email:sales@school.example', held: true, dueAt: Date.parse('2026-11-30T07:00:00Z') },
    ]);
  });

  it('queues nothing without recipients or channels', () => {
    expect(planAlerts(DEFAULT_ALERT_SETTINGS, both, 0)).toEqual([]);
    expect(planAlerts(settings, { telegram: false, email: false }, 0)).toEqual([]);
  });
});
