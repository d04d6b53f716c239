import type { SignInError } from './auth-actions';

/** The sign-in page's refusals, in Russian. */
export const signInErrorTexts: Record<SignInError, string> = {
  incomplete: 'Введите почту и пароль',
  refused: 'Слишком много неудачных попыток. Попробуйте через 15 минут',
  wrong: 'Неверная почта или пароль',
};
