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
    ).toEqual({ digest: true, ids: [2, 3, 5] });
  });

  it('sends one lead of the working day at a time, the oldest first', () => {
    expect(chooseBatch([{ id: 7, held: false, createdAt: 20 }, { id: 4, held: false, createdAt: 10 }])).toEqual({ digest: false, ids: [4] });
    expect(chooseBatch([])).toBeNull();
  });
});
