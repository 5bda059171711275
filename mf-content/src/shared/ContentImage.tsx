import { pictureFromUrl } from '@shop/contracts/images';
import styles from '../content.module.css';

export interface ContentImageProps {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The widest the image is shown, in CSS pixels (its `sizes`); default the viewport's width. */
  maxWidth?: number;
}

/**
 * An image an editor chose (a post's featured image…): an uploaded one as a `<picture>` of its AVIF and WebP sizes
 * (@shop/contracts/images), any other URL (the generated drawings, an https image) as the plain `<img>` it was.
 */
export function ContentImage({ src, alt, className, loading, maxWidth }: ContentImageProps) {
  const picture = pictureFromUrl(src, alt, maxWidth);
  if (!picture) return <img className={className} src={src} alt={alt} loading={loading} />;
  const { img } = picture;
  return (
    <picture className={styles.picture}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img className={className} src={img.src} srcSet={img.srcSet} sizes={img.sizes} alt={alt} loading={loading} decoding="async" />
    </picture>
  );
}
