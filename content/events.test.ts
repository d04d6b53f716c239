import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { events, getEvent, isEventPublished, parseEvents } from './events';

const specEvents = ['snow-quest', 'spring-2025', 'demo5days', 'demo5js1', 'demo5html1'];

function validEvent() {
  return structuredClone(getEvent('snow-quest')!) as Record<string, unknown>;
}

describe('events', () => {
  it('has every event page (the gift promotion page is its own feature)', () => {
    expect(events.map((event) => event.slug).sort()).toEqual([...specEvents].sort());
    expect(getEvent('new-year-2425')).toBeUndefined();
  });

  it('ships the cover and the Open Graph card of every event', () => {
    for (const event of events) {
      for (const file of [event.image.src, `/images/og/events/${event.slug}.png`]) {
        expect(fs.existsSync(path.join(process.cwd(), 'public', file)), file).toBe(true);
      }
    }
  });

  it('gives search engines the dates the visible schedule names, and no dates to events open any day', () => {
    const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    for (const event of events) {
      if (!event.dates) {
        expect(event.schedule, event.slug).toMatch(/^В любой день/);
        continue;
      }
      const [start, end] = [new Date(event.dates.start), new Date(event.dates.end)];
      expect(event.schedule, event.slug).toContain(dayMonth.format(end));
      expect(event.schedule, event.slug).toMatch(new RegExp(`\\b${start.getUTCDate()}\\b`));
      expect(event.schedule, event.slug).toContain(String(end.getUTCFullYear()));
    }
    expect(events.filter((event) => event.dates).length).toBeGreaterThanOrEqual(2);
  });

  it('names the event and field of a broken entry', () => {
    const broken = validEvent();
    broken.status = 'soon';
    expect(() => parseEvents([broken])).toThrow('content/events.ts, событие «snow-quest», поле «статус» (status): допустимо: «open», «upcoming», «finished»');
  });

  it('rejects a related course that does not exist', () => {
    const broken = validEvent();
    broken.relatedCourses = ['no-such-course'];
    expect(() => parseEvents([broken])).toThrow('событие «snow-quest», связанный курс 1: нет курса «no-such-course» в content/courses/');
  });

  it('rejects two events with one form id', () => {
    const second = { ...validEvent(), slug: 'other' };
    expect(() => parseEvents([validEvent(), second])).toThrow(
      'событие «event-snow-quest», поле «id формы» (formId): значение «event-snow-quest» встречается дважды',
    );
  });

  it('is scheduled like an article: out on its publish date (Moscow), a date that does not exist refused', () => {
    expect(isEventPublished({ publishedAt: '2026-12-16' }, '2026-12-15')).toBe(false);
    expect(isEventPublished({ publishedAt: '2026-12-16' }, '2026-12-16')).toBe(true);
    expect(isEventPublished({}, '2000-01-01')).toBe(true);
    const broken = validEvent();
    broken.publishedAt = '2026-11-31';
    expect(() => parseEvents([broken])).toThrow(
      'content/events.ts, событие «snow-quest», поле «дата публикации» (publishedAt): нужна дата, которая есть в календаре',
    );
  });
});
