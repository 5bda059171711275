/** Club member codes: opaque, random, printable (shown as text and as the member QR code). */
import { randomInt } from 'node:crypto';

export function generateMemberCode(): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(randomInt(10));
  return `M-${digits}`;
}
