import { Button, TextField } from '../ui/index.js';
import { ImageChooser } from './ImageChooser.js';
import { LinkSelect } from './LinkSelect.js';
import { POPULAR_MAX, type PopularForm } from './layoutForm.js';
import type { LinkGroup } from './linkOptions.js';
import { homeTexts as t } from './texts.js';
import styles from './home.module.css';

export interface PopularFieldsProps {
  value: PopularForm[];
  errors: Record<string, string>;
  links: LinkGroup[];
  onChange(next: PopularForm[]): void;
}

/** The popular-categories row: a name, an image and a link per tile, added and removed in place. */
export function PopularFields({ value, errors, links, onChange }: PopularFieldsProps) {
  const set = (i: number, patch: Partial<PopularForm>) => onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <>
      <ol className={styles.popularList}>
        {value.map((p, i) => {
          const key = `PopularCategories.${i + 1}`;
          return (
            <li key={i} className={styles.slot} aria-label={t.popularRow(i + 1)}>
              <TextField label={t.popularName} value={p.name} maxLength={100} error={errors[`${key}.Name`]} onChange={(e) => set(i, { name: e.target.value })} />
              <ImageChooser slot={t.popularRow(i + 1)} value={p.image} error={errors[`${key}.Image`]} onChange={(image) => set(i, { image })} />
              <LinkSelect value={p.link} groups={links} optional={false} error={errors[`${key}.Link`]} onChange={(link) => set(i, { link })} />
              <div>
                <Button variant="danger" small onClick={() => onChange(value.filter((_, j) => j !== i))}>
                  {`${t.removePopular} ${p.name || t.popularRow(i + 1)}`}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {value.length < POPULAR_MAX ? (
        <div>
          <Button variant="secondary" small onClick={() => onChange([...value, { name: '', image: '', link: '' }])}>
            {t.addPopular}
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>{t.popularMax(POPULAR_MAX)}</p>
      )}
    </>
  );
}
