import { Stack } from '@mantine/core';
import { useId } from 'react';
import type { Product } from './types';
import { valueState, type Variant } from './variant-choice';
import classes from './VariantPicker.module.css';

const NOTES = { 'sold-out': 'Sold out', unavailable: 'Unavailable' } as const;

interface VariantPickerProps {
  options: NonNullable<Product['options']>;
  variants: readonly Variant[];
  /** The value chosen of each option, in the options' order. */
  chosen: readonly string[];
  onChoose: (optionIndex: number, value: string) => void;
}

/** One radio group per option (D38); each value says when, with the other values chosen, it is sold out or not made. */
export function VariantPicker({ options, variants, chosen, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <Stack gap="sm">
      {options.map((option, optionIndex) => (
        <fieldset key={option.name} className={classes.group}>
          <legend className={classes.legend}>{option.name}</legend>
          <div className={classes.values}>
            {option.values.map((value) => {
              const state = valueState(variants, chosen, optionIndex, value);
              return (
                <label key={value} className={classes.value} data-state={state}>
                  <input
                    type="radio"
                    className={classes.input}
                    name={`${id}-option-${optionIndex}`}
                    value={value}
                    checked={chosen[optionIndex] === value}
                    onChange={() => onChoose(optionIndex, value)}
                  />
                  <span className={classes.text}>{value}</span>
                  {/* Part of the radio's name, so a screen reader hears it too (after a space: 'Large Sold out'). */}
                  {state !== 'available' && (
                    <>
                      {' '}
                      <span className={classes.note}>{NOTES[state]}</span>
                    </>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </Stack>
  );
}
