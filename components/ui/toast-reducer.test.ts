import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastData, type ToastState } from './toast-reducer';

const toast = (id: string, extra: Partial<ToastData> = {}): ToastData => ({ id, title: `t${id}`, open: true, ...extra });
const ids = (state: ToastState) => state.toasts.map((t) => t.id);

describe('toast reducer', () => {
  it('keeps one toast: adding replaces the earlier one', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state: ToastState = { toasts: [] };
    state = toastReducer(state, { type: 'add', toast: toast('1') });
    state = toastReducer(state, { type: 'add', toast: toast('2', { variant: 'destructive' }) });
    expect(state.toasts).toEqual([toast('2', { variant: 'destructive' })]);
  });

  it('updates a toast by id and leaves others alone', () => {
    const state = toastReducer({ toasts: [toast('1')] }, { type: 'update', toast: { id: '1', description: 'ещё' } });
    expect(state.toasts[0]).toEqual(toast('1', { description: 'ещё' }));
    expect(toastReducer(state, { type: 'update', toast: { id: 'x', title: 'нет' } })).toEqual(state);
  });

  it('dismissing marks a toast closed but keeps it until removal', () => {
    const state = toastReducer({ toasts: [toast('1')] }, { type: 'dismiss', id: '1' });
    expect(state.toasts).toEqual([toast('1', { open: false })]);
  });

  it('dismissing without an id closes every toast', () => {
    const state = toastReducer({ toasts: [toast('1'), toast('2')] }, { type: 'dismiss' });
    expect(state.toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it('removes one toast by id', () => {
    const state = toastReducer({ toasts: [toast('1'), toast('2')] }, { type: 'remove', id: '1' });
    expect(ids(state)).toEqual(['2']);
  });

  it('a removal without an id clears all', () => {
    expect(toastReducer({ toasts: [toast('1'), toast('2')] }, { type: 'remove' })).toEqual({ toasts: [] });
  });

  it('does not mutate the state it is given', () => {
    const before: ToastState = { toasts: [toast('1')] };
    const frozen = structuredClone(before);
    toastReducer(before, { type: 'dismiss', id: '1' });
    toastReducer(before, { type: 'add', toast: toast('2') });
    expect(before).toEqual(frozen);
  });
});
