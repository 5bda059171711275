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

/** Colour and size as radio groups: keyboard and screen-reader friendly without extra script. */
export function VariantPicker({ colors, colorId, onColor, sizes, sizeId, onSize }: Props) {
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{texts.color}</legend>
        <div className={styles.options}>
          {colors.map((color) => (
            <label key={color.id} className={styles.option}>
              <input
                type="radio"
                name="color"
                value={color.id}
                checked={color.id === colorId}
                onChange={() => onColor(color.id)}
              />
              <span className={styles.optionLabel}>
                <span className={styles.swatch} style={{ background: color.hex }} aria-hidden="true" />
                {color.name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{texts.size}</legend>
        <div className={styles.options}>
          {sizes.map(({ size, available }) => (
            <label key={size.id} className={styles.option}>
              <input
                type="radio"
                name="size"
                value={size.id}
                checked={size.id === sizeId}
                disabled={!available}
                onChange={() => onSize(size.id)}
              />
              <span className={styles.optionLabel}>{size.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
