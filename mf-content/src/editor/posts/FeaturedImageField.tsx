import { useState } from 'react';
import type { EditorImage } from '@shop/contracts/types';
import { ContentImage } from '../../shared/ContentImage.js';
import { ImageDialog } from '../richtext/ImageDialog.js';
import { Button, FieldGroup } from '../ui/index.js';
import { featuredImageUrl } from './postForm.js';
import { postTexts as t } from './texts.js';
import styles from './posts.module.css';

/** The post's featured image: shown as the shop will show it, chosen from the uploads or uploaded here, or removed. */
export function FeaturedImageField({ value, onChange }: { value: string | null; onChange(url: string | null): void }) {
  const [choosing, setChoosing] = useState(false);
  const choose = (image: EditorImage) => {
    setChoosing(false);
    onChange(featuredImageUrl(image));
  };
  return (
    <FieldGroup legend={t.featuredImage}>
      {value ? <ContentImage className={styles.featured} src={value} alt={t.featuredAlt} maxWidth={320} /> : <p>{t.featuredNone}</p>}
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => setChoosing(true)} aria-haspopup="dialog">
          {value ? t.featuredChange : t.featuredChoose}
        </Button>
        {value && (
          <Button variant="danger" onClick={() => onChange(null)}>
            {t.featuredRemove}
          </Button>
        )}
      </div>
      {choosing && <ImageDialog legend={t.featuredChoose} onChoose={choose} onClose={() => setChoosing(false)} />}
    </FieldGroup>
  );
}
