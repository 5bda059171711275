// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_FORM, FORM_CSRF_FIELD } from '@shop/contracts/constants';
import { CookieConsent } from './CookieConsent.js';
import { cookiesAccepted } from './cookieConsent.js';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <CookieConsent />
    </MemoryRouter>,
  );

describe('CookieConsent', () => {
  beforeEach(() => {
    clearCookies();
    document.head.querySelector('meta[name="csrf-token"]')?.remove();
  });

  it('shows the notice until accepted; accepting sets the cookie and hides it', async () => {
    const { unmount } = renderAt('/');
    const dialog = await screen.findByRole('dialog', { name: 'Informasjonskapsler' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Godta' }));
    expect(screen.queryByRole('dialog', { name: 'Informasjonskapsler' })).toBeNull();
    expect(cookiesAccepted()).toBe(true);
    unmount();
    // A new page load with the cookie shows nothing.
    renderAt('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Godta" is a plain form too: POST to the API with the session token and this page, for before hydration', () => {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'the-token';
    document.head.append(meta);
    renderAt('/butikker?postnummer=0150');
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Godta' });
    const form = accept.form!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(CONSENT_FORM.action);
    expect(accept.type).toBe('submit');
    expect(Object.fromEntries(new FormData(form, accept))).toEqual({
      [FORM_CSRF_FIELD]: 'the-token',
      [CONSENT_FORM.returnField]: '/butikker?postnummer=0150',
      [CONSENT_FORM.consentField]: CONSENT_FORM.accepted,
    });
    // Hydrated (a page the browser rendered itself): the script accepts in the page, the form is not sent.
    const submitted = fireEvent.submit(form);
    expect(submitted).toBe(false); // defaultPrevented
    expect(cookiesAccepted()).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
