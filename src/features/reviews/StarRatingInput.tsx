import { Text } from '@mantine/core';
import { starCount } from './review-text';
import classes from './StarRatingInput.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * The rating as five native radios drawn as stars ('1 star' to '5 stars' to a screen reader): arrow keys move
 * between them, as in any radio group, and the stars up to the chosen one light up.
 */
export function StarRatingInput({
  value,
  label,
  error,
  onChange,
}: {
  value: number | null;
  label: string;
  error?: string;
  onChange: (rating: number) => void;
}) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className={classes.row}>
        <span className={classes.stars}>
          {[1, 2, 3, 4, 5].map((rating) => (
            <label key={rating} className={classes.star} data-lit={value !== null && rating <= value ? '' : undefined}>
              <input
                type="radio"
                name="rating"
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={starCount(rating)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'rating-error' : undefined}
                required
                className={classes.input}
              />
              <svg width={36} height={36} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={STAR} />
              </svg>
            </label>
          ))}
        </span>
        <Text size="sm" c="gray.7" aria-hidden="true">
          {value === null ? 'Not rated yet' : starCount(value)}
        </Text>
      </div>
      {error && (
        <Text size="sm" c="red.8" id="rating-error">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
