import { goldWidth } from './review-text';
import classes from './Stars.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Row({ size }: { size: number }) {
  return Array.from({ length: 5 }, (_, index) => (
    <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={STAR} />
    </svg>
  ));
}

/**
 * A rating as five stars, the last one partly filled for an average such as 4.7: grey stars under gold ones cut to the
 * rating's width. A picture only: the words beside it (or `label`) say the rating.
 */
export function Stars({ rating, size = 18, label }: { rating: number; size?: number; label?: string }) {
  return (
    <span className={classes.stars} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <span className={classes.empty}>
        <Row size={size} />
      </span>
      <span className={classes.gold} style={{ width: goldWidth(rating) }}>
        <Row size={size} />
      </span>
    </span>
  );
}
