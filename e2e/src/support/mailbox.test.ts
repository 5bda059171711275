/**
 * The journeys' mail relay reads what the shop really sends: the shop's own SMTP client (loaded at run time, the
 * api package is not part of this project's types) delivers an order e-mail with text and HTML to the mailbox, once
 * advertising 8BITMIME (8bit parts) and once not (quoted-printable); both decode to the same æøå text and HTML.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMessage, startMailbox, type Mailbox } from './mailbox.js';
import { repoRoot } from './paths.js';

type Message = { to: string; subject: string; body: string; html?: string | null };
const { sendSmtp } = (await import(pathToFileURL(join(repoRoot, 'api/src/accounts/mail.ts')).href)) as {
  sendSmtp: (url: string, from: string, message: Message, options?: { helo?: string }) => Promise<void>;
};

const message: Message = {
  to: 'aase@example.no',
  subject: 'Reservasjon 42 er klar til henting på Ørnes',
  body: `Hei Åse!\n\nVarene dine er klare – blåbærsyltetøy og ørret.\n.Punktum først.\n${'Lang linje med æøå. '.repeat(10)}`,
  html: '<p style="margin:0">Hei Åse! Blåbær &amp; ørret = godt.</p>',
};

describe('e2e mailbox', () => {
  let mailbox: Mailbox | null = null;
  afterEach(async () => {
    await mailbox?.close();
    mailbox = null;
  });

  it.each([
    ['advertising 8BITMIME', true, 'BODY=8BITMIME'],
    ['without 8BITMIME', false, ''],
  ])('%s: text and HTML parts decode back to what the shop wrote', async (_, eightBitMime, bodyParam) => {
    mailbox = await startMailbox({ eightBitMime });
    await sendSmtp(mailbox.url, 'kundeservice@staut.no', message, { helo: 'www.staut.no' });
    const mail = await mailbox.waitFor((m) => m.to.includes('aase@example.no'), 5_000);
    expect(mail.subject).toBe(message.subject);
    expect(mail.body).toBe(message.body);
    expect(mail.html).toBe(message.html);
    expect(mail.mailFrom).toBe(`<kundeservice@staut.no>${bodyParam ? ` ${bodyParam}` : ''}`);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.headers['message-id']).toMatch(/^<.+@www\.staut\.no>$/);
    expect(mail.headers.date).toMatch(/\+0000$/);
  });

  it('a text-only mail (the account e-mails) still reads as before: body set, no HTML', async () => {
    mailbox = await startMailbox();
    await sendSmtp(mailbox.url, 'kundeservice@staut.no', { to: 'kari@example.no', subject: 'Bekreft e-postadressen din', body: 'Hei Kari!\nhttps://www.staut.no/bekreft?t=1' });
    const mail = await mailbox.waitFor((m) => m.to.includes('kari@example.no'), 5_000);
    expect(mail).toMatchObject({ subject: 'Bekreft e-postadressen din', body: 'Hei Kari!\nhttps://www.staut.no/bekreft?t=1', html: null });
  });

  it('parseMessage: quoted-printable soft breaks and =XX, folded encoded-word subjects', () => {
    const data = [
      'Subject: =?UTF-8?B?w5hybmVz?=',
      ' =?UTF-8?B?IGVyIGZpbmU=?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Bl=C3=A5b=C3=A6r og en lang=',
      ' linje=20',
      '..punktum',
    ].join('\r\n');
    expect(parseMessage(data, ['a@b.no'])).toMatchObject({ subject: 'Ørnes er fine', body: 'Blåbær og en lang linje \n.punktum', html: null });
  });
});
