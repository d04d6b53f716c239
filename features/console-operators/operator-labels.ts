/** «Операторы» and the invitation's page in Russian: the answers of their actions, by code. */
import { moscowTime } from '@/components/console/moscow-time';
import { OPERATOR_PASSWORD } from '@/lib/operator-password';
import type { InviteState, JoinState, RemoveState } from './operator-actions';

export const inviteRefusalTexts: Record<'email_invalid' | 'already_operator', string> = {
  email_invalid: 'Введите адрес e-mail, например anna@school.ru',
  already_operator: 'Этот адрес уже принадлежит оператору консоли',
};

/** Under the link: until when it works and that it is shown only now. */
export function invitationNote(state: Extract<InviteState, { outcome: 'invited' }>): string {
  return `Ссылка для ${state.email} действует до ${moscowTime(state.expiresAt)} (МСК) и открывает вход один раз. Мы покажем её только сейчас: скопируйте и передайте её лично.`;
}

export function removeStateText(state: Exclude<RemoveState, { outcome: null }>): string {
  switch (state.outcome) {
    case 'removed':
      return `Оператор ${state.email} удалён, его сеансы закончены`;
    case 'last':
      return 'Нельзя удалить единственного оператора: сначала добавьте другого';
    case 'self':
      return 'Нельзя удалить самого себя: попросите об этом другого оператора';
    case 'missing':
      return 'Этого оператора уже нет в списке';
  }
}

export const passwordHint = `Не короче ${OPERATOR_PASSWORD.minLength} символов (и не длиннее ${OPERATOR_PASSWORD.maxLength}).`;

export function joinErrorText(error: NonNullable<JoinState['error']>): string {
  switch (error) {
    case 'name_missing':
      return 'Укажите ваше имя';
    case 'password_short':
      return `Пароль слишком короткий: нужно не меньше ${OPERATOR_PASSWORD.minLength} символов`;
    case 'password_long':
      return `Пароль слишком длинный: не больше ${OPERATOR_PASSWORD.maxLength} символов`;
    case 'password_mismatch':
      return 'Пароли не совпадают';
    case 'unknown':
      return 'Такого приглашения нет: проверьте ссылку целиком или попросите новую';
    case 'expired':
      return 'Срок приглашения истёк: попросите оператора консоли прислать новую ссылку';
    case 'accepted':
      return 'Это приглашение уже принято: войдите с почтой и паролем';
    case 'already_operator':
      return 'Этот адрес уже принадлежит оператору консоли: войдите с почтой и паролем';
  }
}

/** When an operator last signed in, or that they have not. */
export function lastSignInText(lastSignInAt: number | null): string {
  return lastSignInAt === null ? 'ещё не входил(а)' : moscowTime(lastSignInAt);
}
