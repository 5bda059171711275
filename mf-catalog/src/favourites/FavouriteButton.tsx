import { useUnit } from 'effector-react';
import { $favourites, favouriteToggled } from '@shop/contracts/bus';
import { texts } from '../texts.js';
import styles from './FavouriteButton.module.css';

export interface FavouriteButtonProps {
  articleId: number;
  /** The article's name, for the button's accessible label. */
  name: string;
  /** On the product page the button sits beside the title instead of on the image. */
  placement?: 'card' | 'page';
}

/**
 * The heart on cards and the product page. The catalogue only fires the bus event: the favourites list, its
 * persistence and tab sync belong to mf-account's model (as adding to the cart belongs to the cart model).
 */
export function FavouriteButton({ articleId, name, placement = 'card' }: FavouriteButtonProps) {
  const [favourites, toggle] = useUnit([$favourites, favouriteToggled]);
  const active = favourites.includes(articleId);
  const label = active ? texts.removeFavourite(name) : texts.addFavourite(name);
  return (
    <button
      type="button"
      className={placement === 'card' ? styles.onCard : styles.onPage}
      aria-pressed={active}
      aria-label={label}
      title={label}
      data-testid="favourite-toggle"
      onClick={() => toggle(articleId)}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </svg>
    </button>
  );
}
