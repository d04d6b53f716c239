import { describe, expect, it } from 'vitest';
import { chooseBatch } from './batch';

describe('choosing the next message of a recipient', () => {
  it('sends the held night leads together, oldest first', () => {
    expect(
      chooseBatch([
        { id: 5, held: true, createdAt: 300 },
        { id: 9, held: false, createdAt: 100 },
        { id: 2, held: true, createdAt: 200 },
        { id: 3, held: true, createdAt: 200 },
      ]),
    ).toEqual({ kind: 'night', ids: [2, 3, 5], listed: 3, remaining: 0 });
  });

  it('sends one lead of the working day alone, and a burst as one list, oldest first', () => {
    expect(chooseBatch([{ id: 7, held: false, createdAt: 20 }])).toEqual({ kind: 'single', ids: [7], listed: 1, remaining: 0 });
    expect(
      chooseBatch([
        { id: 7, held: false, createdAt: 20 },
        { id: 4, held: false, createdAt: 10 },
      ]),
    ).toEqual({ kind: 'backlog', ids: [4, 7], listed: 2, remaining: 0 });
    expect(chooseBatch([])).toBeNull();
  });

  it('keeps a list of the working day to at most the limit, the rest for the next message', () => {
    const due = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, held: false, createdAt: i }));
    expect(chooseBatch(due, 3)).toEqual({ kind: 'backlog', ids: [1, 2, 3], listed: 3, remaining: 2 });
  });

  it('carries a whole night in one digest, listing the first leads up to the limit', () => {
    const night = Array.from({ length: 530 }, (_, i) => ({ id: i + 1, held: true, createdAt: i }));
    const batch = chooseBatch(night, 12)!;
    expect({ ...batch, ids: batch.ids.length }).toEqual({ kind: 'night', ids: 530, listed: 12, remaining: 0 });
    expect(batch.ids.slice(0, 3)).toEqual([1, 2, 3]);
  });
});
