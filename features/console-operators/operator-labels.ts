/** «Операторы» and the invitation's page in Russian: the answers of their actions, by code. */
import { moscowTime } from '@/components/console/moscow-time';
import { OPERATOR_PASSWORD } from '@/lib/operator-password';
import type { InviteState, JoinState, RemoveState, RenameState, WithdrawState } from './operator-actions';

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

/** «Отозвать» an invitation: the question, and what it answers. */
export const withdrawLabels = {
  trigger: 'Отозвать',
  triggerLabel: (email: string) => `Отозвать приглашение ${email}`,
  title: 'Отозвать приглашение?',
  description: (email: string) => `Ссылка для ${email} перестанет работать. Пригласить снова можно в любой момент.`,
  confirm: 'Отозвать',
} as const;

export function withdrawStateText(state: Exclude<WithdrawState, { outcome: null }>): string {
  return state.outcome === 'withdrawn'
    ? `Приглашение для ${state.email} отозвано: ссылка больше не работает`
    : 'Этого приглашения уже нет: его приняли или отозвали';
}

/** The operator's own name: the field, its button and what it answers. */
export const ownNameLabels = {
  heading: 'Ваше имя в консоли',
  field: 'Ваше имя',
  save: 'Сохранить имя',
  hint: 'Так вас увидят другие операторы в списке ниже.',
} as const;

export function renameStateText(state: Exclude<RenameState, { outcome: null }>): string {
  return state.outcome === 'renamed' ? `Имя сохранено: ${state.name}` : 'Укажите ваше имя';
}

/** A name in the list; «—» only for an operator added on the command line who has not named themself (their name is their e-mail). */
export function operatorNameText(operator: { name: string; email: string }): string {
  return operator.name === operator.email ? '—' : operator.name;
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
