import { formatDateTime, timeLabel, type DateInput } from '@shop/contracts/format';

/**
 * A moment as shoppers read it (SPEC: relative time, "for 3 dager siden" / "om en time"), with the absolute date on
 * hover (`title`) and for machines (`dateTime`). Nothing for a missing or invalid date.
 */
export function TimeAgo({ at, absolute = formatDateTime, className }: { at: DateInput | null | undefined; absolute?: (date: Date) => string; className?: string }) {
  const label = timeLabel(at, new Date(), absolute);
  if (!label) return null;
  // The server renders with its clock and the browser hydrates with its own: crossing a unit in between is no error.
  return (
    <time className={className} dateTime={label.dateTime} title={label.title} suppressHydrationWarning>
      {label.text}
    </time>
  );
}
