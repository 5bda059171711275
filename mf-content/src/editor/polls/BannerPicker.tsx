import { useEffect, useId, useState } from 'react';
import { getEditorImages } from '@shop/contracts/api';
import type { EditorImage } from '@shop/contracts/types';
import { ImageUpload } from '../images/ImageUpload.js';
import { Button, FieldGroup, Notice, uiStyles } from '../ui/index.js';
import { bannerUrl, thumbnailUrl, type BannerSlot } from './banner.js';
import { pollTexts as texts } from './texts.js';
import styles from './polls.module.css';

const PER_PAGE = 12;

interface Library {
  images: EditorImage[];
  total: number;
  page: number;
  state: 'loading' | 'ready' | 'failed';
}

/**
 * One banner of the poll: what is chosen (a preview), and a panel to choose one of the uploaded images or upload a
 * new one (ImageUpload). The panel fetches the image library when it opens, a page at a time.
 */
export function BannerPicker({ slot, label, value, onChange }: { slot: BannerSlot; label: string; value: string | null; onChange: (url: string | null) => void }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [library, setLibrary] = useState<Library>({ images: [], total: 0, page: 0, state: 'loading' });
  const [announce, setAnnounce] = useState('');

  const loadPage = (page: number) => {
    setLibrary((l) => ({ ...l, state: 'loading' }));
    getEditorImages({ page, per_page: PER_PAGE }).then(
      (found) => setLibrary((l) => ({ images: page === 1 ? found.items : [...l.images, ...found.items], total: found.total, page, state: 'ready' })),
      () => setLibrary((l) => ({ ...l, state: 'failed' })),
    );
  };
  useEffect(() => {
    if (open) loadPage(1);
  }, [open]);

  const choose = (image: EditorImage) => {
    onChange(bannerUrl(image, slot));
    setOpen(false);
    setAnnounce(texts.bannerChosen(label));
  };

  return (
    <FieldGroup legend={label} className={styles.banner}>
      {value ? <img className={styles.bannerPreview} src={value} alt={texts.bannerPreview(label)} /> : <p className={styles.muted}>{texts.bannerNone}</p>}
      <div className={styles.tools}>
        <Button variant="secondary" small aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? texts.bannerClose : texts.bannerChoose}
        </Button>
        {value && (
          <Button
            variant="danger"
            small
            onClick={() => {
              onChange(null);
              setAnnounce(texts.removed(label));
            }}
          >
            {texts.bannerRemove}
          </Button>
        )}
      </div>
      <div role="status" className={styles.visuallyHidden}>
        {announce}
      </div>
      {open && (
        <div id={panelId} className={styles.section}>
          <p className={uiStyles.label}>{texts.bannerLibrary}</p>
          {library.state === 'failed' && <Notice tone="error">{texts.bannerLibraryFailed}</Notice>}
          {library.state === 'ready' && library.images.length === 0 && <p className={styles.muted}>{texts.bannerLibraryEmpty}</p>}
          {library.images.length > 0 && (
            <ul className={styles.library}>
              {library.images.map((image) => (
                <li key={image.id}>
                  <button type="button" className={styles.thumb} onClick={() => choose(image)} aria-label={texts.bannerUse(image.alt)}>
                    <img src={thumbnailUrl(image)} alt="" loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {library.state === 'ready' && library.images.length < library.total && (
            <Button variant="secondary" small onClick={() => loadPage(library.page + 1)}>
              {texts.bannerMore}
            </Button>
          )}
          <ImageUpload legend={texts.bannerUpload(label)} onUploaded={choose} />
        </div>
      )}
    </FieldGroup>
  );
}
