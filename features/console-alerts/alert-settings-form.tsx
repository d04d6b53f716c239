'use client';

import { useActionState, useState } from 'react';
import { ui } from '@/components/console/ui';
import type { AlertSettingsInput } from '@/server/rules/alert-settings';
import { alertSettingsAction, type AlertFormState } from './alert-actions';
import { alertFormMessages, alertSettingsErrorText, testResultText } from './alert-labels';

const WEEKDAYS = [
  ['1', 'Пн'],
  ['2', 'Вт'],
  ['3', 'Ср'],
  ['4', 'Чт'],
  ['5', 'Пт'],
  ['6', 'Сб'],
  ['7', 'Вс'],
] as const;

/** The console's «Уведомления» form: recipients, working hours and days, «Без личных данных»; save or send a test. */
export function AlertSettingsForm({ initial }: { initial: AlertSettingsInput }) {
  const [state, action, pending] = useActionState<AlertFormState, FormData>(alertSettingsAction, { values: initial, errors: {}, message: null, results: null });
  const [values, setValues] = useState(initial);
  const set = <K extends keyof AlertSettingsInput>(key: K, value: AlertSettingsInput[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const field = 'flex flex-col gap-1 text-sm';
  const hint = 'text-gray-600';
  /** The hint and, when refused, the reason, read out with the field. */
  const describedBy = (name: keyof AlertFormState['errors'], withHint = true) =>
    [withHint ? `${name}-hint` : null, state.errors[name] ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const invalid = (name: keyof AlertFormState['errors']) => (state.errors[name] ? true : undefined);
  const error = (name: keyof AlertFormState['errors']) => {
    const refusal = state.errors[name];
    return refusal ? (
      <span id={`${name}-error`} className="text-red-700">
        {alertSettingsErrorText(refusal)}
      </span>
    ) : null;
  };
  /** A labelled text field with its hint and its refusal: a textarea when `rows` is given (one value a line). */
  const textField = (name: 'telegramChats' | 'emails' | 'hours', label: string, hintText: string, shape: { rows?: number; className?: string }) => {
    const control = {
      id: `alert-${name}`,
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
      className: `${ui.input} ${shape.className ?? ''}`.trim(),
      'aria-invalid': invalid(name),
      'aria-describedby': describedBy(name),
    };
    return (
      <div className={field}>
        <label htmlFor={control.id}>{label}</label>
        <span id={`${name}-hint`} className={hint}>
          {hintText}
        </span>
        {shape.rows ? <textarea rows={shape.rows} {...control} /> : <input {...control} />}
        {error(name)}
      </div>
    );
  };
  return (
    <form action={action} className="flex max-w-2xl flex-col gap-4" aria-label="Уведомления о заявках">
      {textField(
        'telegramChats',
        'Telegram-чаты',
        'Другие чаты, по номеру в строке: группа (её номер с минусом) или канал (@имя). Менеджеров удобнее подключать ссылкой выше: их не нужно вписывать сюда.',
        { rows: 3 },
      )}
      {textField('emails', 'Адреса e-mail', 'Один адрес в строке.', { rows: 3 })}
      {textField('hours', 'Часы работы', 'Московское время, например 10:00–19:00. Заявки вне рабочего времени придут одной сводкой к его началу.', {
        className: 'w-40',
      })}
      <fieldset className="text-sm" aria-invalid={invalid('days')} aria-describedby={describedBy('days', false)}>
        <legend className="mb-1">Рабочие дни</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map(([day, label]) => (
            <label key={day} className="flex items-center gap-1">
              <input
                type="checkbox"
                name="days"
                value={day}
                checked={values.days.includes(day)}
                onChange={(event) => set('days', event.target.checked ? [...values.days, day] : values.days.filter((d) => d !== day))}
              />
              {label}
            </label>
          ))}
        </div>
        {error('days')}
      </fieldset>
      <div className="flex flex-col gap-1 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            name="withoutPersonalData"
            checked={values.withoutPersonalData}
            onChange={(event) => set('withoutPersonalData', event.target.checked)}
            aria-describedby="withoutPersonalData-hint"
          />
          Без личных данных
        </label>
        <span id="withoutPersonalData-hint" className={hint}>
          В уведомлении только форма, курс, кампания и ссылка в консоль — без имени, телефона и e-mail.
        </span>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" disabled={pending} className={ui.primaryButton}>
          Сохранить
        </button>
        <button type="submit" name="intent" value="test" disabled={pending} className={ui.button}>
          Отправить пробное уведомление
        </button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {state.message && <p className={Object.keys(state.errors).length > 0 ? 'text-red-700' : ''}>{alertFormMessages[state.message]}</p>}
        {state.results && (
          <ul aria-label="Результат пробного уведомления">
            {state.results.map((result) => (
              <li key={`${result.recipient.channel}:${result.recipient.address}`} className={result.outcome === 'sent' ? 'text-green-800' : 'text-red-700'}>
                {testResultText(result, state.chatNames)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
