/**
 * The toolbar's keyboard (WAI-ARIA toolbar pattern): the toolbar is one Tab stop, and the arrow keys move between its
 * buttons — Right/Left to the next/previous (wrapping round), Home/End to the first/last. Null: the key is not the
 * toolbar's (Tab leaves it, Enter and Space press the button).
 */
export function nextToolbarFocus(key: string, current: number, count: number): number | null {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
