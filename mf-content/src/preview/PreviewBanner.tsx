import { Link } from 'react-router-dom';
import type { ContentPreview, ContentType } from '@shop/contracts/types';
import { previewBanner } from './preview.js';
import { texts } from './texts.js';
import styles from './preview.module.css';

/**
 * The banner above content an editor previews (`?forhandsvisning=1`): says it is not what shoppers see, its status,
 * and links back to its item in the workspace. Renders only when the API answered a preview, i.e. for staff.
 */
export function PreviewBanner({ type, itemKey, preview }: { type: ContentType; itemKey: string | number; preview: ContentPreview | undefined }) {
  if (!preview) return null;
  const banner = previewBanner(type, itemKey, preview);
  return (
    <section className={styles.banner} aria-label={texts.label} data-preview-status={preview.status}>
      <p className={styles.heading}>{banner.heading}</p>
      <p className={styles.status}>
        {texts.status}: {banner.status}
        {banner.when && <> – {banner.when}</>}
      </p>
      <Link className={styles.edit} to={banner.editHref}>
        {texts.edit}
      </Link>
    </section>
  );
}
