// @vitest-environment happy-dom
/**
 * The address fields of checkout against a real HTTP server answering GET /postalcodes/{zip} like the API: Poststed
 * fills itself from a known postcode as it is typed, an unknown postcode says so at once, and the address lookup's
 * message is the newest one (issue 21: after a failed submit, "Finn adressen" without a house number showed nothing new).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApiBaseUrl, setCsrfTokenSource } from '@shop/contracts/api';
import { addressTexts, postcodeTexts } from '@shop/contracts/texts/forms';
import { expectingFailedAnswers, rawPostalCode } from '@shop/contracts/testing';
import { AddressFields, type AddressValue } from './AddressFields.js';
import type { CheckoutErrors } from './rules.js';
import { texts } from '../texts.js';

// Each wait here is for an answer over real HTTP and the render after it. Testing Library gives up after 1 s, which a
// loaded two-core machine passed (the field filled at ~1.2 s): the limit only catches a hang, so it allows for the load.
configure({ asyncUtilTimeout: 10_000 });

let server: Server;
let addressSearchDown = false;
beforeAll(async () => {
  server = createServer((req, res) => {
    // The page's origin is not the server's: answer CORS like a separate API host would.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204, { 'access-control-allow-headers': '*' }).end();
    res.setHeader('content-type', 'application/json');
    const zip = /\/postalcodes\/(\d{4})$/.exec(req.url ?? '')?.[1];
    if (zip === '0150') return res.end(JSON.stringify(rawPostalCode({ PostNo: '0150', PostPlace: 'OSLO' })));
    if (zip) return res.writeHead(404).end(JSON.stringify({ message: 'Fant ikke postnummeret.' }));
    if (req.url?.includes('/geo/addresses') && addressSearchDown) return res.writeHead(503).end(JSON.stringify({ message: 'Nede' }));
    res.end(JSON.stringify({ adresser: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
  // The session's token, as the shop's page carries it (without one the client says so on the console).
  setCsrfTokenSource(() => 'csrf-test');
});
afterAll(() => {
  setCsrfTokenSource();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The fields as DetailsStep holds them; "Send" plays a submit that found the `submitted` errors (a new object each time). */
function Form({ start, submitted }: { start?: Partial<AddressValue>; submitted?: CheckoutErrors }) {
  const [value, setValue] = useState<AddressValue>({ address: '', postalCode: '', city: '', ...start });
  const [errors, setErrors] = useState<CheckoutErrors>(submitted ?? {});
  return (
    <>
      <AddressFields value={value} errors={errors} known={[]} onChange={(c) => setValue((v) => ({ ...v, ...c }))} onConfirmed={() => undefined} />
      <button type="button" onClick={() => setErrors({ ...(submitted ?? {}) })}>
        Send
      </button>
    </>
  );
}

const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value: text } });
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.className.includes('error'))?.textContent ?? null;
};

describe('Poststed from the postcode', () => {
  it('fills itself as the shopper types a known postcode', async () => {
    render(<Form />);
    for (const text of ['0', '01', '015', '0150']) type(texts.postalCode, text);
    await waitFor(() => expect(field(texts.city).value).toBe('OSLO'));
    expect(errorOf(texts.postalCode)).toBeNull();
  });

  it('an unknown postcode says so at once, and the message goes when the code is corrected', () =>
    expectingFailedAnswers(/^GET \S+\/postalcodes\/0000 404 /, async () => {
      render(<Form start={{ city: 'Bergen' }} />);
      type(texts.postalCode, '0000');
      await waitFor(() => expect(errorOf(texts.postalCode)).toBe(postcodeTexts.unknown));
      expect(field(texts.postalCode).getAttribute('aria-invalid')).toBe('true');
      type(texts.postalCode, '0150');
      await waitFor(() => expect(field(texts.city).value).toBe('OSLO'));
      expect(errorOf(texts.postalCode)).toBeNull();
    }));

  it('a postcode already in the field gets its place', async () => {
    render(<Form start={{ postalCode: '0150' }} />);
    await waitFor(() => expect(field(texts.city).value).toBe('OSLO'));
  });

  it("the live answer outranks a submit's error about an earlier text", async () => {
    render(<Form start={{ postalCode: '015' }} submitted={{ postalCode: texts.invalidPostalCode }} />);
    expect(errorOf(texts.postalCode)).toBe(texts.invalidPostalCode);
    type(texts.postalCode, '0150');
    await waitFor(() => expect(errorOf(texts.postalCode)).toBeNull());
  });
});

describe('the address lookup message', () => {
  it('after a failed submit, "Finn adressen" without a house number says so (not the old error)', async () => {
    render(<Form submitted={{ address: texts.required(texts.address) }} />);
    expect(errorOf(texts.address)).toBe(texts.required(texts.address));
    type(texts.address, 'Karl Johans gate');
    fireEvent.click(screen.getByRole('button', { name: texts.findAddress }));
    await waitFor(() => expect(errorOf(texts.address)).toBe(addressTexts.noHouseNumber));
  });

  it('every lookup answers: nothing found, then a newer submit, then the lookup again', async () => {
    render(<Form start={{ address: 'Finnesikkeveien 1', postalCode: '0150' }} submitted={{ address: 'Fra serveren' }} />);
    fireEvent.click(screen.getByRole('button', { name: texts.findAddress }));
    await waitFor(() => expect(errorOf(texts.address)).toBe(addressTexts.noneFound));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf(texts.address)).toBe('Fra serveren');
    fireEvent.click(screen.getByRole('button', { name: texts.findAddress }));
    await waitFor(() => expect(errorOf(texts.address)).toBe(addressTexts.noneFound));
  });

  it('the lookup service down: says so (and the shopper may go on)', () =>
    expectingFailedAnswers(/^GET \S+\/geo\/addresses\?\S* 503 /, async () => {
      addressSearchDown = true;
      try {
        render(<Form start={{ address: 'Karl Johans gate 1', postalCode: '0150' }} />);
        fireEvent.click(screen.getByRole('button', { name: texts.findAddress }));
        await screen.findByText(texts.addressLookupFailed);
      } finally {
        addressSearchDown = false;
      }
    }));
});
