import Link from 'next/link';
import type { LeadSearchParams } from '@/server/admin/lead-filter';
import { moscowToday } from '@/lib/calendar';
import { ui } from '@/components/console/ui';
import type { FilterOption, FilterOptionGroup } from './lead-options';

function value(params: LeadSearchParams, key: string): string {
  const raw = params[key];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/** A plain GET form: the filter lives in the address, so a filtered list can be bookmarked and shared. */
export function LeadsFilterForm(props: { params: LeadSearchParams; forms: FilterOptionGroup[]; products: FilterOption[]; utmSources: string[] }) {
  const { params, utmSources } = props;
  const today = moscowToday();
  return (
    <form method="get" action="/admin/leads" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Фильтр заявок">
      <TextFilter params={params} label="Поиск: имя, e-mail или телефон" name="q" type="search" />
      <TextFilter params={params} label="С даты" name="from" type="date" />
      <TextFilter params={params} label="По дату" name="to" type="date" />
      <ListFilter params={params} label="Форма" name="form" anyLabel="любая" groups={props.forms} />
      <ListFilter params={params} label="Продукт" name="product" anyLabel="любой" groups={[{ label: null, options: props.products }]} />
      <TextFilter params={params} label="utm_source" name="utm_source" suggestions={{ id: 'admin-utm-sources', values: utmSources }} />
      <TextFilter params={params} label="utm_campaign" name="utm_campaign" />
      <ChoiceFilter params={params} label="Оплата" name="payment" options={{ '': 'любая', paid: 'оплачен', part: 'частично оплачена', unpaid: 'не оплачен' }} />
      <ChoiceFilter
        params={params}
        label="Доставка"
        name="delivery"
        options={{
          '': 'любая',
          waiting: 'ждёт отправки',
          retrying: 'ждёт после ошибки',
          sent: 'доставлена',
          dead: 'не доставлена',
          none: 'не требуется',
        }}
      />
      <ChoiceFilter
        params={params}
        label="Спам"
        name="spam"
        options={{ '': 'все заявки', exclude: 'без спама', only: 'только спам', withheld: 'похоже на спам (задержаны)' }}
      />
      <button type="submit" className={ui.primaryButton}>
        Показать
      </button>
      <Link href="/admin/leads" className={ui.link}>
        Сбросить
      </Link>
      <Link href={`/admin/leads?from=${today}&to=${today}`} className={ui.link}>
        Сегодня
      </Link>
    </form>
  );
}

const fieldClass = 'flex flex-col gap-1 text-sm';

/** A typed filter, with the values seen so far as suggestions where there are any. */
function TextFilter(props: {
  params: LeadSearchParams;
  label: string;
  name: string;
  type?: 'search' | 'date';
  suggestions?: { id: string; values: string[] };
}) {
  const { suggestions } = props;
  return (
    <label className={fieldClass}>
      {props.label}
      <input name={props.name} type={props.type} list={suggestions?.id} defaultValue={value(props.params, props.name)} className={ui.input} />
      {suggestions && (
        <datalist id={suggestions.id}>
          {suggestions.values.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </label>
  );
}

/** A filter picked from a list of names (grouped where `label` is given); the value sent is the id. */
function ListFilter(props: {
  params: LeadSearchParams;
  label: string;
  name: string;
  anyLabel: string;
  groups: { label: string | null; options: FilterOption[] }[];
}) {
  const options = (list: FilterOption[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <label className={fieldClass}>
      {props.label}
      <select name={props.name} defaultValue={value(props.params, props.name)} className={`${ui.input} max-w-xs`}>
        <option value="">{props.anyLabel}</option>
        {props.groups.map((group) =>
          group.label === null ? (
            options(group.options)
          ) : (
            <optgroup key={group.label} label={group.label}>
              {options(group.options)}
            </optgroup>
          ),
        )}
      </select>
    </label>
  );
}

/** A filter picked from a list: `options` maps each value to its label, the first ('') being «no filter». */
function ChoiceFilter(props: { params: LeadSearchParams; label: string; name: string; options: Record<string, string> }) {
  return (
    <label className={fieldClass}>
      {props.label}
      <select name={props.name} defaultValue={value(props.params, props.name)} className={ui.input}>
        {Object.entries(props.options).map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
