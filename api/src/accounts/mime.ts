/**
 * The message the SMTP client sends (RFC 5322 + MIME), pure so the encodings have table-driven tests beside them.
 *
 * Encoding per body part: plain ASCII with short lines goes as `7bit`; other text goes as `8bit` only when the
 * relay advertised 8BITMIME (RFC 6152) — a relay without it may strip the eighth bit or bounce — and otherwise as
 * quoted-printable (RFC 2045 §6.7), which is pure 7-bit. A line longer than 998 octets cannot travel as 7bit/8bit at
 * all (RFC 5322 §2.1.1), so such a part is quoted-printable even on an 8BITMIME relay.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export type TransferEncoding = '7bit' | '8bit' | 'quoted-printable';

export interface MimeMessage {
  from: string;
  to: string;
  subject: string;
  /** Plain text; line ends may be \n or \r\n. */
  body: string;
  html?: string;
}

const MAX_LINE_OCTETS = 998;
const QP_LINE = 76;

const lines = (text: string) => text.split(/\r?\n/);

/** The part's transfer encoding on a relay that does (or does not) take 8-bit bodies. */
export function chooseEncoding(text: string, eightBitMime: boolean): TransferEncoding {
  const tooLong = lines(text).some((l) => Buffer.byteLength(l, 'utf8') > MAX_LINE_OCTETS);
  if (tooLong) return 'quoted-printable';
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return '7bit';
  return eightBitMime ? '8bit' : 'quoted-printable';
}

/**
 * Quoted-printable (RFC 2045 §6.7): bytes outside printable ASCII and "=" as =XX; a space or tab at the end of a line
 * as =20/=09 (a relay may strip trailing whitespace); lines of at most 76 characters, broken with a soft "=" break
 * that never splits an =XX. Hard line breaks of the text stay CRLF.
 */
export function encodeQuotedPrintable(text: string): string {
  return lines(text)
    .map((line) => {
      const bytes = Buffer.from(line, 'utf8');
      const out: string[] = [];
      let current = '';
      bytes.forEach((b, i) => {
        const last = i === bytes.length - 1;
        const literal = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
        const token = literal ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
        // The soft break "=" counts towards the 76.
        if (current.length + token.length > QP_LINE - 1 && !(last && current.length + token.length <= QP_LINE)) {
          out.push(`${current}=`);
          current = '';
        }
        current += token;
      });
      out.push(current);
      return out.join('\r\n');
    })
    .join('\r\n');
}

/** Decodes quoted-printable back to text (the tests' and the e2e mailbox's reading of what was sent). */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/[ \t]+(\r?\n)/g, '$1').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A header value as RFC 2047 encoded words when it is not plain ASCII: `=?UTF-8?B?…?=`, each word at most 75
 * characters and never splitting a character's UTF-8 bytes, words folded onto continuation lines.
 */
export function encodeHeaderValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk: number[] = [];
  // 75 − "=?UTF-8?B?" − "?=" = 63 base64 characters = 45 bytes (a multiple of 3, so no padding inside a word).
  const flush = () => {
    if (chunk.length) words.push(`=?UTF-8?B?${Buffer.from(chunk).toString('base64')}?=`);
    chunk = [];
  };
  for (const ch of value) {
    const bytes = [...Buffer.from(ch, 'utf8')];
    if (chunk.length + bytes.length > 45) flush();
    chunk.push(...bytes);
  }
  flush();
  return words.join('\r\n ');
}

/** An RFC 5322 date in UTC: "Tue, 01 Jul 2025 10:00:00 +0000" (toUTCString ends in the obsolete "GMT"). */
export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** `<random@domain>`: unique per message, as relays and spam filters expect. */
export function messageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

function encodeBody(text: string, encoding: TransferEncoding): string {
  return encoding === 'quoted-printable' ? encodeQuotedPrintable(text) : lines(text).join('\r\n');
}

function part(contentType: string, text: string, eightBitMime: boolean): { headers: string[]; body: string; encoding: TransferEncoding } {
  const encoding = chooseEncoding(text, eightBitMime);
  return { headers: [`Content-Type: ${contentType}; charset=utf-8`, `Content-Transfer-Encoding: ${encoding}`], body: encodeBody(text, encoding), encoding };
}

export interface BuiltMessage {
  /** Header and body with CRLF line ends, not yet dot-stuffed. */
  data: string;
  /** Some part is 8bit: MAIL FROM must say BODY=8BITMIME. */
  eightBit: boolean;
}

/**
 * The whole message: Date, Message-ID, From, To, Subject, MIME headers, then the text (or, with HTML,
 * multipart/alternative with the text first and the HTML last: a client shows the last part it can display).
 */
export function buildMessage(message: MimeMessage, options: { eightBitMime: boolean; messageIdDomain: string; date?: Date }): BuiltMessage {
  const head = [
    `Date: ${rfc5322Date(options.date ?? new Date())}`,
    `Message-ID: ${messageId(options.messageIdDomain)}`,
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeaderValue(message.subject)}`,
    'MIME-Version: 1.0',
  ];
  const text = part('text/plain', message.body, options.eightBitMime);
  if (message.html === undefined) {
    return { data: [...head, ...text.headers, '', text.body].join('\r\n'), eightBit: text.encoding === '8bit' };
  }
  const html = part('text/html', message.html, options.eightBitMime);
  // "=_" cannot occur in quoted-printable; the random part keeps it out of 7bit/8bit text.
  const boundary = `=_${randomBytes(12).toString('hex')}`;
  const data = [
    ...head,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...text.headers,
    '',
    text.body,
    `--${boundary}`,
    ...html.headers,
    '',
    html.body,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { data, eightBit: text.encoding === '8bit' || html.encoding === '8bit' };
}

/** Dot-stuffing (RFC 5321 §4.5.2): a line starting with "." would otherwise end DATA early. */
export function dotStuff(data: string): string {
  return data
    .split('\r\n')
    .map((l) => (l.startsWith('.') ? `.${l}` : l))
    .join('\r\n');
}
