import { SelectField } from '../ui/index.js';
import { withCurrentLink, type LinkGroup } from './linkOptions.js';
import { homeTexts as t } from './texts.js';

export interface LinkSelectProps {
  value: string;
  groups: LinkGroup[];
  error?: string;
  /** "Ingen lenke" may be chosen (banners); a popular category always links. */
  optional?: boolean;
  onChange(href: string): void;
}

/** A link chosen from the shop's own pages (linkOptions.ts), never typed. */
export function LinkSelect({ value, groups, error, optional = true, onChange }: LinkSelectProps) {
  return (
    <SelectField label={t.link} hint={t.linkHint} error={error} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{optional ? t.noLink : '—'}</option>
      {withCurrentLink(groups, value).map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
