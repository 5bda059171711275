/**
 * A banner's image: the chosen one, a list of the images already uploaded to pick from, and the upload field.
 * Stores a URL (the API keeps banners as URLs); uploaded images give their widest size.
 */
import { useEffect, useId, useState } from 'react';
import { getEditorImages } from '@shop/contracts/api';
import type { EditorImage } from '@shop/contracts/types';
import { ImageUpload } from '../images/ImageUpload.js';
import { Button } from '../ui/index.js';
import { bannerImageUrl, thumbnailUrl } from './imageChoice.js';
import { homeTexts as t } from './texts.js';
import styles from './home.module.css';

const PER_PAGE = 12;

type Listing = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: EditorImage[]; total: number; page: number };

function UploadedImages({ onChoose }: { onChoose(url: string): void }) {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [page, setPage] = useState(1);
  useEffect(() => {
    const controller = new AbortController();
    getEditorImages({ page, per_page: PER_PAGE }, { signal: controller.signal }).then(
      (result) => setListing((prev) => ({ status: 'ready', total: result.total, page, items: [...(prev.status === 'ready' && page > 1 ? prev.items : []), ...result.items] })),
      () => !controller.signal.aborted && setListing({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [page]);
  if (listing.status === 'loading') return <p className={styles.hint}>{t.imagesLoading}</p>;
  if (listing.status === 'failed') return <p className={styles.hint}>{t.imagesFailed}</p>;
  if (listing.items.length === 0) return <p className={styles.hint}>{t.imagesEmpty}</p>;
  return (
    <>
      <ul className={styles.imageList}>
        {listing.items.map((image) => (
          <li key={image.id}>
            <button type="button" className={styles.imageButton} onClick={() => onChoose(bannerImageUrl(image))} aria-label={t.imageChoice(image.alt)}>
              <img src={thumbnailUrl(image)} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {listing.items.length < listing.total && (
        <Button variant="secondary" small onClick={() => setPage((p) => p + 1)}>
          {t.imagesMore}
        </Button>
      )}
    </>
  );
}

export interface ImageChooserProps {
  /** The slot's name, for the upload group's legend. */
  slot: string;
  value: string;
  error?: string;
  onChange(url: string): void;
}

export function ImageChooser({ slot, value, error, onChange }: ImageChooserProps) {
  const [open, setOpen] = useState(false);
  const errorId = `${useId()}-error`;
  const choose = (url: string) => {
    onChange(url);
    setOpen(false);
  };
  return (
    <div className={styles.imageField}>
      <span className={styles.label}>{t.image}</span>
      {value ? <img className={styles.chosen} src={value} alt={t.chosenImage} /> : <p className={styles.hint}>{t.noImage}</p>}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.row}>
        <Button variant="secondary" small aria-expanded={open} aria-describedby={error ? errorId : undefined} onClick={() => setOpen((o) => !o)}>
          {open ? t.hideImages : t.chooseImage}
        </Button>
        {value && (
          <Button variant="danger" small onClick={() => onChange('')}>
            {t.removeImage}
          </Button>
        )}
      </div>
      {open && (
        <div className={styles.chooser}>
          <UploadedImages onChoose={choose} />
          <ImageUpload legend={`${t.uploadImage} (${slot})`} onUploaded={(image) => choose(bannerImageUrl(image))} />
        </div>
      )}
    </div>
  );
}
