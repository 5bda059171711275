import { useRef } from 'react';
import type { VariantColor } from '@shop/contracts/types';
import { texts } from '../texts.js';
import styles from './ProductPage.module.css';

interface Props {
  colors: VariantColor[];
  colorId: number | null;
  onColor: (id: number) => void;
}

/** The article's images, one per colour, in a strip that scrolls; choosing an image chooses its colour. */
export function VariantSlider({ colors, colorId, onColor }: Props) {
  const strip = useRef<HTMLUListElement>(null);
  if (colors.length < 2) return null;
  const scroll = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className={styles.slider}>
      <button type="button" className={styles.sliderArrow} onClick={() => scroll(-1)} aria-label={texts.previousImage}>
        ‹
      </button>
      <ul ref={strip} className={styles.sliderStrip}>
        {colors.map((color) => (
          <li key={color.id}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={texts.imageOf(color.name)}
              aria-pressed={color.id === colorId}
              onClick={() => onColor(color.id)}
            >
              <img src={color.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.sliderArrow} onClick={() => scroll(1)} aria-label={texts.nextImage}>
        ›
      </button>
    </div>
  );
}
