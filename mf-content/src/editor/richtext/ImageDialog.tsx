import { useEffect, useState } from 'react';
import { getEditorImages } from '@shop/contracts/api';
import { imageUrl, imageWidths } from '@shop/contracts/images';
import type { EditorImage } from '@shop/contracts/types';
import { ImageUpload } from '../images/ImageUpload.js';
import { Button, Notice } from '../ui/index.js';
import { Dialog } from './Dialog.js';
import { richTextTexts as t } from './texts.js';
import styles from './richtext.module.css';

const PER_PAGE = 12;

/** The smallest derived size of an image, for a thumbnail. */
export const thumbnailOf = (image: Pick<EditorImage, 'id' | 'width'>) => imageUrl(image.id, imageWidths(image.width)[0] ?? image.width, 'webp');

/**
 * Chooses an image for the text: one already uploaded (newest first, a page at a time) or a new upload with its
 * alternative text, which is inserted as soon as it is stored.
 */
export function ImageDialog({ onChoose, onClose, legend }: { onChoose(image: EditorImage): void; onClose(): void; legend?: string }) {
  const [images, setImages] = useState<EditorImage[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getEditorImages({ page, per_page: PER_PAGE }).then(
      (result) => {
        if (!live) return;
        setImages((before) => (page === 1 ? result.items : [...before, ...result.items]));
        setTotal(result.total);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page]);
  return (
    <Dialog title={legend ?? t.imageDialog} onClose={onClose}>
      <div className={styles.dialogBody}>
        <ImageUpload onUploaded={onChoose} />
        <h3 className={styles.dialogSubtitle}>{t.imageChoose}</h3>
        {failed && <Notice tone="error">{t.imageFailed}</Notice>}
        {!failed && images.length === 0 && total === 0 && <p>{t.imageNone}</p>}
        <ul className={styles.imageGrid}>
          {images.map((image) => (
            <li key={image.id}>
              <button type="button" className={styles.imageChoice} onClick={() => onChoose(image)} aria-label={t.imageInsert(image.alt)}>
                <img src={thumbnailOf(image)} alt="" width={160} height={Math.max(1, Math.round((160 * image.height) / image.width))} loading="lazy" />
                <span>{image.alt}</span>
              </button>
            </li>
          ))}
        </ul>
        {images.length < total && (
          <Button variant="secondary" onClick={() => setPage((p) => p + 1)}>
            {t.imageMore}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
