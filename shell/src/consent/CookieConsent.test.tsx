import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CookieConsent } from './CookieConsent.js';
import { cookiesAccepted } from './cookieConsent.js';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

describe('CookieConsent', () => {
  beforeEach(clearCookies);

  it('shows the notice until accepted; accepting sets the cookie and hides it', async () => {
    const { unmount } = render(<CookieConsent />);
    const dialog = await screen.findByRole('dialog', { name: 'Informasjonskapsler' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Godta' }));
    expect(screen.queryByRole('dialog', { name: 'Informasjonskapsler' })).toBeNull();
    expect(cookiesAccepted()).toBe(true);
    unmount();
    // A new page load with the cookie shows nothing.
    render(<CookieConsent />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
