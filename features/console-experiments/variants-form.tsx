'use client';

import { useActionState, useState } from 'react';
import { MAX_VARIANTS, variantLetter, type VariantTexts } from '@/lib/experiments/variants';
import { saveVariantsAction, type VariantsFormState } from './split-test-actions';
import { splitTestLabels, variantProblemText, variantsOutcomeText } from './split-test-labels';
import { ui } from '@/components/console/ui';

/**
 * The variants B, C, D of a pop-up: «Добавить вариант» adds one that starts as a copy of A's texts
 * (`base`: usually only the headline is under test), saved together and checked on the server like the
 * pop-up's own. Locked while a test runs.
 */
export function VariantsForm({
  id,
  version,
  base,
  variants,
  locked,
}: {
  id: string;
  version: number;
  base: VariantTexts;
  variants: VariantTexts[];
  locked: boolean;
}) {
  const [state, action, pending] = useActionState<VariantsFormState, FormData>(saveVariantsAction, { variants, problems: [], outcome: null });
  const [rows, setRows] = useState<VariantTexts[]>(state.variants);
  // After a refused save the form shows what was sent, with its problems (state adjusted while rendering).
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setRows(state.variants);
  }
  const shown = rows;
  const problemOf = (variant: number, field: keyof VariantTexts) => state.problems.find((p) => p.variant === variant && p.field === field);

  return (
    <form action={action} aria-label="Варианты для теста" className="flex max-w-3xl flex-col gap-4">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="count" value={shown.length} />
      <fieldset disabled={locked} className="contents">
        {shown.map((texts, index) => {
          const variant = index + 1;
          return (
            <fieldset key={`${variant}-${shown.length}`} className="flex flex-col gap-2 rounded border border-gray-300 p-3">
              <legend className="px-1 text-sm font-semibold">Вариант {variantLetter(variant)}</legend>
              {(['headline', 'text', 'buttonLabel'] as const).map((field) => {
                const problem = problemOf(variant, field);
                const name = `${field}-${variant}`;
                const Control = field === 'text' ? 'textarea' : 'input';
                // The label names its control by `for` (not by wrapping it): a label around a prefilled
                // textarea would take the text into the field's accessible name.
                return (
                  <div key={field} className="flex flex-col gap-1 text-sm">
                    <label htmlFor={`${id}-${name}`}>{splitTestLabels.fields[field]}</label>
                    <Control
                      id={`${id}-${name}`}
                      name={name}
                      className={ui.input}
                      defaultValue={texts[field]}
                      onChange={(event) => {
                        const value = event.target.value;
                        setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
                      }}
                      {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})}
                    />
                    {problem && (
                      <span id={`${name}-error`} className="text-sm text-red-700">
                        {variantProblemText(problem)}
                      </span>
                    )}
                  </div>
                );
              })}
              <button type="button" className={`${ui.button} self-start`} onClick={() => setRows(shown.filter((_, i) => i !== index))}>
                {splitTestLabels.removeVariant} {variantLetter(variant)}
              </button>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.button} disabled={shown.length >= MAX_VARIANTS - 1} onClick={() => setRows([...shown, { ...base }])}>
            {splitTestLabels.addVariant}
          </button>
          <button type="submit" className={ui.primaryButton} disabled={pending}>
            {splitTestLabels.saveVariants}
          </button>
        </div>
      </fieldset>
      {state.outcome && (
        <p role="alert" className="text-sm text-red-700">
          {variantsOutcomeText[state.outcome]}
        </p>
      )}
    </form>
  );
}
