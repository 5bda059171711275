import type { Color } from '@shop/contracts/types';
import { texts } from '../texts.js';
import type { SizeOption } from './variants.js';
import styles from './ProductPage.module.css';

interface Props {
  colors: Color[];
  colorId: number | null;
  onColor: (id: number) => void;
  sizes: SizeOption[];
  sizeId: number | null;
  onSize: (id: number) => void;
}

/**
 * Colour swatches and sizes as toggle buttons (aria-pressed). Each button's accessible name is exactly the colour or
 * size name; a sold-out size stays choosable (the page then says why it cannot be bought) and is described as such.
 */
export function VariantPicker({ colors, colorId, onColor, sizes, sizeId, onSize }: Props) {
  const chosenColor = colors.find((c) => c.id === colorId);
  const chosenSize = sizes.find((s) => s.size.id === sizeId);
  return (
    <>
      {colors.length > 0 && (
        <div className={styles.picker} role="group" aria-labelledby="color-legend">
          <p id="color-legend" className={styles.legend}>
            {chosenColor ? texts.chosenColor(chosenColor.name) : texts.color}
          </p>
          <div className={styles.options}>
            {colors.map((color) => (
              <button
                key={color.id}
                type="button"
                className={styles.swatchButton}
                aria-pressed={color.id === colorId}
                onClick={() => onColor(color.id)}
                title={color.name}
              >
                <span className={styles.swatch} style={{ background: color.hex }} aria-hidden="true" />
                <span className={styles.swatchName}>{color.name}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {sizes.length > 0 && (
        <div className={styles.picker} role="group" aria-labelledby="size-legend">
          <p id="size-legend" className={styles.legend}>
            {chosenSize ? texts.chosenSize(chosenSize.size.name) : texts.size}
          </p>
          <span id="size-sold-out" hidden>
            {texts.sizeSoldOutShort}
          </span>
          <div className={styles.options}>
            {sizes.map(({ size, available }) => (
              <button
                key={size.id}
                type="button"
                className={available ? styles.sizeButton : `${styles.sizeButton} ${styles.soldOut}`}
                aria-pressed={size.id === sizeId}
                aria-describedby={available ? undefined : 'size-sold-out'}
                onClick={() => onSize(size.id)}
              >
                {size.name}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
