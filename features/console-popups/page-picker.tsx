'use client';

import { useId, useState } from 'react';
import { ui } from '@/components/console/ui';
import type { PageChoiceGroup } from '@/content/names';
import { pagePickerLabels } from './popup-labels';

/**
 * A pop-up's pages chosen by name, never typed: the pages and whole sections already chosen (each with
 * «Убрать»), and a list of the site's pages by name (content/names.ts `pageChoices`) with «Добавить». The
 * form sends what the pop-up stores, one path or pattern a line (`name`), as the typed field did.
 */
export function PagePicker(props: {
  name: string;
  label: string;
  /** The paths and patterns chosen now, as stored. */
  chosen: readonly string[];
  choices: readonly PageChoiceGroup[];
  /** The name of each chosen path or pattern, also of one no list offers (a pattern written in the file). */
  names: Readonly<Record<string, string>>;
  onChange(chosen: string[]): void;
  /** The id of the problems beside the field, when it has any. */
  errorId?: string;
}) {
  const id = useId();
  const [selected, setSelected] = useState('');
  const nameOf = (value: string) =>
    props.names[value] ?? props.choices.flatMap((group) => group.choices).find((choice) => choice.value === value)?.name ?? value;
  const add = () => {
    if (selected === '' || props.chosen.includes(selected)) return;
    props.onChange([...props.chosen, selected]);
    setSelected('');
  };
  return (
    <fieldset className="flex flex-col gap-2 text-sm" {...(props.errorId ? { 'aria-invalid': true, 'aria-describedby': props.errorId } : {})}>
      <legend className="mb-1">{props.label}</legend>
      <input type="hidden" name={props.name} value={props.chosen.join('\n')} />
      {props.chosen.length === 0 ? (
        <p className="text-gray-600">{pagePickerLabels.none}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {props.chosen.map((value) => (
            <li key={value} className="flex items-start justify-between gap-3 rounded border border-gray-200 bg-white px-2 py-1">
              <span>{nameOf(value)}</span>
              <button
                type="button"
                className={`${ui.button} shrink-0 py-0.5`}
                aria-label={pagePickerLabels.removeLabel(nameOf(value), props.label)}
                onClick={() => props.onChange(props.chosen.filter((other) => other !== value))}
              >
                {pagePickerLabels.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={id}>{pagePickerLabels.add}</label>
          <select id={id} value={selected} onChange={(event) => setSelected(event.target.value)} className={`${ui.input} max-w-full`}>
            <option value="">{pagePickerLabels.placeholder}</option>
            {props.choices.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.choices.map((choice) => (
                  <option key={choice.value} value={choice.value} disabled={props.chosen.includes(choice.value)}>
                    {choice.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <button type="button" className={ui.button} onClick={add} disabled={selected === ''}>
          {pagePickerLabels.addButton}
        </button>
      </div>
    </fieldset>
  );
}
