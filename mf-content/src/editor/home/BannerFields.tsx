import { Button, TextAreaField, TextField } from '../ui/index.js';
import { ImageChooser } from './ImageChooser.js';
import { LinkSelect } from './LinkSelect.js';
import { emptyBanner, isEmptyBanner, slotLabel, type BannerForm, type BannerKey } from './layoutForm.js';
import type { LinkGroup } from './linkOptions.js';
import { homeTexts as t } from './texts.js';
import styles from './home.module.css';

export interface BannerFieldsProps {
  slot: BannerKey;
  value: BannerForm;
  errors: Record<string, string>;
  links: LinkGroup[];
  /** The store search is a form to the shop locator: it has no link of its own. */
  withLink?: boolean;
  onChange(next: BannerForm): void;
}

/** One banner slot: image, title, text and link. */
export function BannerFields({ slot, value, errors, links, withLink = true, onChange }: BannerFieldsProps) {
  const set = (patch: Partial<BannerForm>) => onChange({ ...value, ...patch });
  const label = slotLabel(slot);
  return (
    <div className={styles.slot} data-slot-editor={slot}>
      <ImageChooser slot={label} value={value.image} error={errors[`${slot}.Image`]} onChange={(image) => set({ image })} />
      <TextField label={t.title} value={value.title} maxLength={200} error={errors[`${slot}.Title`]} onChange={(e) => set({ title: e.target.value })} />
      <TextAreaField label={t.text} value={value.text} rows={2} maxLength={500} error={errors[`${slot}.Text`]} onChange={(e) => set({ text: e.target.value })} />
      {withLink && <LinkSelect value={value.link} groups={links} error={errors[`${slot}.Link`]} onChange={(link) => set({ link })} />}
      {!isEmptyBanner(value) && (
        <div>
          <Button variant="secondary" small onClick={() => onChange(emptyBanner())}>
            {t.clearSlot}
          </Button>
        </div>
      )}
    </div>
  );
}
