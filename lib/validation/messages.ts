/** Field error messages, letter for letter. */
export const fieldMessages = {
  required: 'Обязательное',
  nameInvalid: 'Некорректное имя',
  nameTooLong: 'Слишком длинное имя',
  emailTooLong: 'Слишком длинная почта',
  emailInvalid: 'Некорректная почта',
  phoneInvalid: 'Некорректный номер',
} as const;

/**
 * Messages of the fields the page fills in beside the contacts (UTM tags, the page, ids, the form): what
 * the API answers when one holds characters no text may (lib/validation/text.ts), names no form of the
 * site, or names a gift offer outside its window.
 */
export const extraFieldMessages = {
  utmInvalid: 'Некорректная UTM-метка',
  pagePathInvalid: 'Некорректный адрес страницы',
  idInvalid: 'Некорректный идентификатор',
  unknownForm: 'Неизвестная форма',
  giftUnavailable: 'Этот подарок сейчас недоступен',
} as const;

export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 60;
