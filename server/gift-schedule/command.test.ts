import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { parseScheduleTime, runScheduleCommand } from './command';
import { formatMoscowTime } from './windows';

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
    expect(out[0]).toMatch(/^Added #\d+: gift 5, 2026-12-22 10:00:00 MSK - 2026-12-23 10:00:00 MSK\.$/);
    out = [];
    expect(await run('list')).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/gift  4\t2026-12-20 10:00:00 MSK - 2026-12-21 10:00:00 MSK\tACTIVE$/);
    expect(out[1]).toMatch(/gift  5\t.*\tupcoming$/);
    const id = /^#(\d+)/.exec(out[0]!)![1]!;
    expect(await run('remove', id)).toBe(0);
    expect((await database().repos.giftSchedule.list()).map((w) => w.giftNumber)).toEqual([5]);
  });

  it('refuses a bad gift number, a reversed or unreadable time and an overlap, and says why', async () => {
    expect(await run('add', '14', '2026-12-20T10:00', '2026-12-21T10:00')).toBe(1);
    expect(err.pop()).toContain('1 to 13');
    expect(await run('add', '3', '2026-12-21T10:00', '2026-12-20T10:00')).toBe(1);
    expect(err.pop()).toContain('start must be before end');
    expect(await run('add', '3', 'soon', '2026-12-20T10:00')).toBe(2);
    expect(err.pop()).toContain('cannot read the start time "soon"');
    await run('add', '1', '2026-12-20T10:00', '2026-12-21T10:00');
    expect(await run('add', '2', '2026-12-21T09:00', '2026-12-22T10:00')).toBe(1);
    expect(err.pop()).toContain('overlaps the window of gift 1');
    expect(await run('remove', '999999')).toBe(1);
    expect(await run('frobnicate')).toBe(2);
    expect(err.pop()).toContain('Usage:');
    expect(await database().repos.giftSchedule.list()).toHaveLength(1);
  });
});
