/**
 * One customer, one key: the form of an e-mail address the promo rules compare ("VELKOMMEN once per customer"), so
 * that spellings which reach the same mailbox count as one customer. It is a key, never an address to write to:
 * reservations and accounts keep the address as typed.
 *
 * - Case is folded: the domain is case-insensitive (RFC 5321 §2.4), and no mailbox provider a shopper uses tells
 *   local parts apart by case.
 * - A `+tag` is dropped: subaddressing (RFC 5233) delivers `x+anything@` to `x@` at Gmail, Outlook.com, iCloud,
 *   Fastmail, Proton and most hosted mail, so a tag makes a new spelling, not a new customer. Where a domain does not
 *   subaddress, two real mailboxes `x+y@` and `x@` would share a key: the cost is one refused welcome code.
 * - A trailing dot on the domain is dropped: `example.no.` is the fully qualified form of `example.no`.
 * - Dots in the local part are dropped only where the provider documents that they are ignored: Gmail ("Dots don't
 *   matter in Gmail addresses", support.google.com/mail/answer/7436150), and a googlemail.com address is the same
 *   Gmail mailbox as its gmail.com twin (Gmail Help: the domain for accounts first opened in Germany and the UK). Other providers (Outlook.com, Yahoo, iCloud, Norwegian ISPs)
 *   deliver `a.b@` and `ab@` to different mailboxes, so their dots stay.
 *
 * The migration that added the key (api/drizzle/0020_promo_email_key.sql) holds a SQL copy for the rows written
 * before it; its test keeps the two in step.
 */

/** Domains whose local part ignores dots, and the one domain each stands for. */
export const DOTS_IGNORED: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

export function promoEmailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTS_IGNORED.get(domain);
  if (canonical) {
    local = local.replaceAll('.', '');
    domain = canonical;
  }
  return `${local}@${domain}`;
}
