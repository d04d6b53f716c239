/** Field error messages of spec 5, letter for letter. */
export const fieldMessages = {
  required: 'Обязательное',
  nameInvalid: 'Некорректное имя',
  nameTooLong: 'Слишком длинное имя',
  emailTooLong: 'Слишком длинная почта',
  emailInvalid: 'Некорректная почта',
  phoneInvalid: 'Некорректный номер',
} as const;

export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 60;
