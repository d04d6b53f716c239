'use client';

import { useActionState, useState } from 'react';
import { ui } from '@/components/console/ui';
import type { LiveTariffPrice } from '@/content/live/state';
import { savePricesAction, type PriceSaveState } from './price-actions';
import { type PriceField, priceFieldLabels, priceFieldName, type PriceFormProblem, readPriceForm } from './price-form';
import { nowOnSite, type TariffLabel } from './price-labels';

/**
 * A course's «Цены» form: each tariff's figures, «Действует с» and «Сохранить». Checked here with the
 * server's schema before it posts (a figure that is not a number never leaves the browser), then by the
 * server with the content check; the problems show above the form and beside their fields, the values
 * typed stay.
 */
export function PriceFormFields({ slug, tariffs, figures }: { slug: string; tariffs: readonly TariffLabel[]; figures: readonly LiveTariffPrice[] }) {
  const [state, action, pending] = useActionState<PriceSaveState, FormData>(savePricesAction, null);
  const [local, setLocal] = useState<PriceFormProblem[]>([]);
  const problems = local.length > 0 ? local : (state?.problems ?? []);
  const typed = (name: string, fallback: number | undefined) => state?.values[name] ?? (fallback === undefined ? '' : String(fallback));
  const inputId = (tariff: number, field: PriceField) => `price-${tariff}-${field}`;
  const problemId = (tariff: number, field: PriceField) => `price-problem-${tariff}-${field}`;
  const fieldProblem = (tariff: number, field: PriceField) => problems.find((problem) => problem.tariff === tariff && problem.field === field);

  return (
    <form
      action={action}
      // Remounted with the values a refusal sends back, which React's reset of the form would otherwise clear.
      key={state ? JSON.stringify(state.values) : 'saved'}
      aria-label="Цены курса"
      noValidate
      onSubmit={(event) => {
        const fields = Object.fromEntries(new FormData(event.currentTarget));
        const read = readPriceForm(
          fields,
          tariffs.map((tariff) => tariff.name),
        );
        const found = 'problems' in read ? read.problems : [];
        setLocal(found);
        if (found.length > 0) event.preventDefault();
      }}
      className="max-w-3xl"
    >
      <input type="hidden" name="course" value={slug} />
      {problems.length > 0 && (
        <div role="alert" className="mb-4 rounded border border-red-700 p-3 text-sm text-red-700">
          <p className="font-semibold">Не сохранено, на сайте прежние цены:</p>
          <ul className="list-disc pl-5">
            {problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {tariffs.map((tariff, index) => {
        const current = figures[index];
        const fields: PriceField[] = tariff.monthly ? ['price', 'oldPrice', 'months'] : ['price', 'oldPrice'];
        return (
          <fieldset key={index} className="mb-4 rounded border border-gray-300 p-3">
            <legend className="px-1 font-semibold">
              Тариф «{tariff.name}»{tariff.monthly ? ' (оплата помесячно)' : ''}
            </legend>
            <div className="flex flex-wrap gap-3">
              {fields.map((field) => {
                const problem = fieldProblem(index, field);
                return (
                  <div key={field} className="flex flex-col gap-1 text-sm">
                    <label htmlFor={inputId(index, field)}>{priceFieldLabels[field]}</label>
                    <input
                      id={inputId(index, field)}
                      name={priceFieldName(index, field)}
                      inputMode="numeric"
                      defaultValue={typed(priceFieldName(index, field), current?.[field])}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? problemId(index, field) : undefined}
                      className={`${ui.input} w-36`}
                    />
                    {problem && (
                      <span id={problemId(index, field)} className="text-red-700">
                        {problem.message}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
            {current && <p className="mt-2 text-sm text-gray-700">{nowOnSite(current, tariff.monthly)}</p>}
          </fieldset>
        );
      })}
      <label className="mb-1 flex flex-col gap-1 text-sm">
        Действует с
        <input
          name="effectiveFrom"
          type="datetime-local"
          defaultValue={state?.values.effectiveFrom ?? ''}
          aria-describedby="price-effective-hint"
          className={`${ui.input} w-60`}
        />
      </label>
      <p id="price-effective-hint" className="mb-4 text-sm text-gray-700">
        Московское время. Оставьте пустым, чтобы цены начали действовать сразу после сохранения.
      </p>
      <button type="submit" disabled={pending} className={ui.primaryButton}>
        Сохранить
      </button>
    </form>
  );
}
