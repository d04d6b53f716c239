import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { parseScheduleTime, readScheduleTime, runScheduleCommand } from './command';
import { formatMoscowTime } from '@/lib/calendar';

describe('schedule times', () => {
  it('reads Moscow time without an offset, explicit offsets, UTC and epoch milliseconds', () => {
    expect(parseScheduleTime('2026-12-20T10:00')).toBe(Date.parse('2026-12-20T07:00Z'));
    expect(parseScheduleTime('2026-12-20 10:00:30')).toBe(Date.parse('2026-12-20T07:00:30Z'));
    expect(parseScheduleTime('2026-12-20')).toBe(Date.parse('2026-12-19T21:00Z'));
    expect(parseScheduleTime('2026-12-20T10:00+05:00')).toBe(Date.parse('2026-12-20T05:00Z'));
    expect(parseScheduleTime('2026-12-20T10:00z')).toBe(Date.parse('2026-12-20T10:00Z'));
    expect(parseScheduleTime('1797750000000')).toBe(1_797_750_000_000);
    for (const bad of ['', 'tomorrow', '2026-13-40T10:00', '20.12.2026', '12345']) expect(parseScheduleTime(bad)).toBeNull();
  });

  it('refuses a day or a time that does not exist instead of rolling it over, and says so in Russian', () => {
    expect(readScheduleTime('2026-11-31T10:00')).toEqual({ problem: 'такой даты нет в календаре: 2026-11-31' });
    expect(readScheduleTime('2026-02-29')).toEqual({ problem: 'такой даты нет в календаре: 2026-02-29' });
    expect(readScheduleTime('2026-12-20T25:00')).toEqual({ problem: 'такого времени нет: 25:00 (часы — от 00 до 23, минуты — от 00 до 59)' });
    expect(readScheduleTime('2026-12-20T24:00')).toHaveProperty('problem');
    expect(readScheduleTime('2026-12-20T10:60')).toHaveProperty('problem');
    expect(readScheduleTime('2028-02-29T10:00')).toEqual({ timestamp: Date.parse('2028-02-29T07:00Z') });
  });

  it('prints Moscow time', () => {
    expect(formatMoscowTime(Date.parse('2026-12-20T07:00Z'))).toBe('2026-12-20 10:00:00 MSK');
  });
});

describeEachDatabase('npm run schedule', (database) => {
  let out: string[];
  let err: string[];
  const io = { out: (line: string) => void out.push(line), err: (line: string) => void err.push(line) };
  const run = (...args: string[]) => runScheduleCommand(args, database().repos, io, Date.parse('2026-12-20T08:00Z'));

  beforeEach(async () => {
    await database().clear();
    out = [];
    err = [];
  });

  it('adds, lists and removes windows', async () => {
    expect(await run('add', '5', '2026-12-22T10:00', '2026-12-23T10:00')).toBe(0);
    expect(await run('add', '4', '2026-12-20T10:00', '2026-12-21T10:00')).toBe(0);
    expect(out[0]).toMatch(/^Добавлено окно #\d+: подарок 5, 2026-12-22 10:00:00 MSK – 2026-12-23 10:00:00 MSK\.$/);
    out = [];
    expect(await run('list')).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/подарок  4\t2026-12-20 10:00:00 MSK – 2026-12-21 10:00:00 MSK\tИДЁТ$/);
    expect(out[1]).toMatch(/подарок  5\t.*\tвпереди$/);
    const id = /^#(\d+)/.exec(out[0]!)![1]!;
    expect(await run('remove', id)).toBe(0);
    expect((await database().repos.giftSchedule.list()).map((w) => w.giftNumber)).toEqual([5]);
  });

  it('refuses a bad gift number, a reversed, unreadable or impossible time and an overlap, and says why in Russian', async () => {
    expect(await run('add', '14', '2026-12-20T10:00', '2026-12-21T10:00')).toBe(1);
    expect(err.pop()).toBe('Не добавлено: Номер подарка — целое число от 1 до 13.');
    expect(await run('add', '3', '2026-12-21T10:00', '2026-12-20T10:00')).toBe(1);
    expect(err.pop()).toBe('Не добавлено: Начало должно быть раньше конца.');
    expect(await run('add', '3', 'soon', '2026-12-20T10:00')).toBe(2);
    expect(err.pop()).toContain('Ошибка: начало: не получается прочитать время «soon»');
    expect(await run('add', '3', '2026-11-30T10:00', '2026-11-31T10:00')).toBe(2);
    expect(err.pop()).toMatch(/^Ошибка: конец: такой даты нет в календаре: 2026-11-31\.\n\nКак пользоваться:/);
    expect(await run('add', '3', '2026-12-20T25:00', '2026-12-21T10:00')).toBe(2);
    expect(err.pop()).toContain('Ошибка: начало: такого времени нет: 25:00');
    await run('add', '1', '2026-12-20T10:00', '2026-12-21T10:00');
    expect(await run('add', '2', '2026-12-21T09:00', '2026-12-22T10:00')).toBe(1);
    expect(err.pop()).toContain('Пересекается с окном подарка 1');
    expect(await run('remove', '999999')).toBe(1);
    expect(err.pop()).toBe('Окна #999999 нет.');
    expect(await run('frobnicate')).toBe(2);
    expect(err.pop()).toContain('неизвестная команда «frobnicate»');
    expect(await database().repos.giftSchedule.list()).toHaveLength(1);
  });
});
