/** Dates as the shops' clocks show them (Europe/Oslo), whatever zone the device is set to. */
const osloFormat = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "24.11.2026 kl. 14:05" in Europe/Oslo; '' for a missing or broken date. */
export function osloDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(osloFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} kl. ${parts.hour}:${parts.minute}`;
}

