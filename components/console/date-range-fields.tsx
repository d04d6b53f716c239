import { ui } from './ui';

/** The «С даты» / «По дату» pair of a console period filter (a GET form's `from` and `to`, days in Moscow time). */
export function DateRangeFields({ from, to, fromLabel = 'С даты' }: { from?: string; to?: string; fromLabel?: string }) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        {fromLabel}
        <input name="from" type="date" defaultValue={from} className={ui.input} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        По дату
        <input name="to" type="date" defaultValue={to} className={ui.input} />
      </label>
    </>
  );
}
