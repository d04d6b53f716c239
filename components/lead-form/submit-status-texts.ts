/** What a lead form says while a send takes long and after the server failed for good. */

/** When a send still running says that it is (well within 6 s of the press). */
export const STILL_TRYING_AFTER_MS = 3_000;
/** While the form keeps retrying: nothing typed is lost. */
export const STILL_TRYING_TEXT =
  'Сервер пока не ответил — продолжаем отправлять заявку. Ничего вводить заново не нужно: всё, что вы написали, останется в форме.';
/** After the server failed for good: the typed values stay, and the contacts to reach us another way. */
export const SERVER_FAILED_TEXT = 'Данные остались в форме: попробуйте отправить ещё раз чуть позже или напишите нам в';
