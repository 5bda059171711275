import { useUnit } from 'effector-react';
import { $favourites, favouriteToggled } from '@shop/contracts/bus';
// The toggle rule and the cross-tab persistence live in the model: a widget used alone must still work.
import './model.js';
import { texts } from '../texts.js';
import styles from '../ui/ui.module.css';

export interface FavouriteToggleProps {
  articleId: number;
  /** The article's name, for the button's accessible label. */
  name?: string;
  className?: string;
}

/** The heart on product cards and pages (exposed as ./FavouriteToggle); state is shared by every tab. */
export default function FavouriteToggle({ articleId, name, className }: FavouriteToggleProps) {
  const [favourites, toggle] = useUnit([$favourites, favouriteToggled]);
  const active = favourites.includes(articleId);
  const label = active ? texts.removeFavourite(name ?? texts.favouriteFallbackName) : texts.addFavourite(name ?? texts.favouriteFallbackName);
  return (
    <button
      type="button"
      className={[styles.favourite, className].filter(Boolean).join(' ')}
      aria-pressed={active}
      aria-label={label}
      title={label}
      onClick={(event) => {
        // Cards are links: the heart must not open the product.
        event.preventDefault();
        event.stopPropagation();
        toggle(articleId);
      }}
    >
      <span aria-hidden="true">{active ? '♥' : '♡'}</span>
    </button>
  );
}
