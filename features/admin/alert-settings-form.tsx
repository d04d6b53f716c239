'use client';

import { useActionState, useState } from 'react';
import { alertSettingsAction, type AlertFormState, type AlertFormValues } from './alert-actions';
import { ui } from './ui';

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
export function AlertSettingsForm({ initial }: { initial: AlertFormValues }) {
  const [state, action, pending] = useActionState<AlertFormState, FormData>(alertSettingsAction, { values: initial, errors: {}, message: null, results: null });
  const [values, setValues] = useState(initial);
  const set = <K extends keyof AlertFormValues>(key: K, value: AlertFormValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const field = 'flex flex-col gap-1 text-sm';
  const error = (name: keyof AlertFormState['errors']) =>
    state.errors[name] ? (
      <span id={`${name}-error`} className="text-red-700">
        {state.errors[name]}
      </span>
    ) : null;
  const described = (name: keyof AlertFormState['errors']) => (state.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <form action={action} className="flex max-w-2xl flex-col gap-4" aria-label="Уведомления о заявках">
      <label className={field}>
        Telegram-чаты
        <span className="text-gray-600">Номер чата в строке: личный чат менеджера с ботом или группа (её номер с минусом).</span>
        <textarea name="telegramChats" rows={3} value={values.telegramChats} onChange={(event) => set('telegramChats', event.target.value)} className={ui.input} {...described('telegramChats')} />
        {error('telegramChats')}
      </label>
      <label className={field}>
        Адреса e-mail
        <span className="text-gray-600">Один адрес в строке.</span>
        <textarea name="emails" rows={3} value={values.emails} onChange={(event) => set('emails', event.target.value)} className={ui.input} {...described('emails')} />
        {error('emails')}
      </label>
      <label className={field}>
        Часы работы
        <span className="text-gray-600">Московское время, например 10:00–19:00. Заявки вне этих часов придут одной сводкой к началу рабочего дня.</span>
        <input name="hours" value={values.hours} onChange={(event) => set('hours', event.target.value)} className={`${ui.input} w-40`} {...described('hours')} />
        {error('hours')}
      </label>
      <fieldset className="text-sm" {...described('days')}>
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
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" role="switch" name="withoutPersonalData" checked={values.withoutPersonalData} onChange={(event) => set('withoutPersonalData', event.target.checked)} />
        Без личных данных
        <span className="text-gray-600">— в уведомлении только форма, курс, кампания и ссылка в консоль, без имени, телефона и e-mail</span>
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" disabled={pending} className={ui.primaryButton}>
          Сохранить
        </button>
        <button type="submit" name="intent" value="test" disabled={pending} className={ui.button}>
          Отправить пробное уведомление
        </button>
      </div>
      <div aria-live="polite" className="text-sm">
        {state.message && <p className={Object.keys(state.errors).length > 0 ? 'text-red-700' : ''}>{state.message}</p>}
        {state.results && (
          <ul aria-label="Результат пробного уведомления">
            {state.results.map((result) => (
              <li key={result.text} className={result.ok ? 'text-green-800' : 'text-red-700'}>
                {result.text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
