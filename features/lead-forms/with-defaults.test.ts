import { describe, expect, it } from 'vitest';
import { withDefaults } from './with-defaults';

describe('withDefaults', () => {
  it('keeps the given props over the defaults and fills in the missing ones', () => {
    expect(withDefaults({ title: 'Свой' } as { title?: string; blockId?: string }, { title: 'Оставьте заявку', blockId: 'modal-form' })).toEqual({
      title: 'Свой',
      blockId: 'modal-form',
    });
  });

  it('gives a prop passed as undefined its default, as a destructuring default would', () => {
    expect(withDefaults({ title: undefined, variantId: undefined } as { title?: string; variantId?: string }, { title: 'Оставьте заявку' })).toEqual({
      title: 'Оставьте заявку',
    });
  });

  it('keeps falsy values that are not undefined', () => {
    expect(withDefaults({ showCloseButton: false, label: '' }, { showCloseButton: true, label: 'Отправить' })).toEqual({ showCloseButton: false, label: '' });
  });
});
