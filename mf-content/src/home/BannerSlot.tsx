import { Link } from 'react-router-dom';
import { pageImageProps } from '@shop/contracts/ssr';
import type { Banner } from '@shop/contracts/types';
import { bannerPicture, type BannerSlotKind } from './bannerPicture.js';
import styles from '../content.module.css';

/**
 * A banner slot: an image (its mobile variant below 1020 px; an uploaded image in the width the slot needs) with
 * title and text, linked when it has a link.
 */
export function BannerSlot({ banner, slot, kind = 'full', eager = false }: { banner: Banner | null; slot: string; kind?: BannerSlotKind; eager?: boolean }) {
  if (!banner) return null;
  const picture = bannerPicture(banner, kind);
  // The slot's box has its final size before the image arrives (aspect ratios in content.module.css), so nothing
  // below it moves when it loads (CLS 0). The top banner (`eager`) is the home page's LCP element: fetched first, and
  // the shell's code waits for its paint (pageImageProps).
  const inner = (
    <>
      <picture>
        {picture.sources.map((source, i) => (
          <source key={i} media={source.media} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
        ))}
        {/* The title is shown as text beside the image and names the link (the layout editor asks a linked banner
            for one): the image itself is decorative. */}
        <img
          src={picture.img.src}
          srcSet={picture.img.srcSet}
          sizes={picture.img.sizes}
          alt=""
          {...(eager ? pageImageProps : { loading: 'lazy' })}
          decoding={eager ? 'sync' : 'async'}
        />
      </picture>
      {(banner.title || banner.text) && (
        <span className={styles.bannerText}>
          {banner.title && <strong>{banner.title}</strong>}
          {banner.title && banner.text && <br />}
          {banner.text}
        </span>
      )}
    </>
  );
  const className = `${styles.banner} ${banner.imageMobile ? styles.hasMobile : ''}`;
  return banner.link ? (
    <Link className={className} to={banner.link} data-slot={slot}>
      {inner}
    </Link>
  ) : (
    <div className={className} data-slot={slot}>
      {inner}
    </div>
  );
}
