/** The texts of the account e-mails (Norwegian: shoppers read them). */
export function verificationEmail(firstName: string, link: string) {
  return {
    subject: 'Bekreft e-postadressen din',
    body: `Hei ${firstName}!\n\nBekreft e-postadressen din ved å åpne lenken under:\n${link}\n\nLenken gjelder i 7 dager.\n\nHilsen Staut`,
  };
}

export function resetEmail(firstName: string, link: string) {
  return {
    subject: 'Tilbakestill passordet ditt',
    body: `Hei ${firstName}!\n\nDu (eller noen andre) har bedt om å tilbakestille passordet. Åpne lenken under for å velge et nytt:\n${link}\n\nLenken gjelder i én time og kan brukes én gang. Har du ikke bedt om dette, kan du se bort fra e-posten.\n\nHilsen Staut`,
  };
}

/** Front-end paths the links point at (proposed to the shell; see mf-account/README.md). */
export const verifyPath = (token: string) => `/konto/bekreft-epost?token=${encodeURIComponent(token)}`;
export const resetPath = (token: string, email: string) =>
  `/konto/tilbakestill-passord?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
