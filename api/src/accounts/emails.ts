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

/** To the NEW address: the change takes effect only when this link is opened. */
export function emailChangeEmail(firstName: string, newEmail: string, link: string) {
  return {
    subject: 'Bekreft den nye e-postadressen din',
    body: `Hei ${firstName}!\n\nDu har bedt om å bruke ${newEmail} som e-postadresse for kontoen din hos Staut. Åpne lenken under for å bekrefte den nye adressen:\n${link}\n\nLenken gjelder i 24 timer. Til du har bekreftet, gjelder den gamle adressen. Har du ikke bedt om dette, kan du se bort fra e-posten.\n\nHilsen Staut`,
  };
}

/** To the OLD address when a change is asked for: the owner learns of it while the old address still counts. */
export function emailChangeNotice(firstName: string, newEmail: string) {
  return {
    subject: 'E-postadressen din er i ferd med å bli endret',
    body: `Hei ${firstName}!\n\nNoen har bedt om å endre e-postadressen for kontoen din hos Staut til ${newEmail}. Endringen gjelder først når den nye adressen er bekreftet.\n\nVar det ikke deg, må du tilbakestille passordet med en gang (Glemt passordet? på innloggingssiden): da stopper endringen, og alle som er logget inn på kontoen, blir logget ut.\n\nHilsen Staut`,
  };
}

/** After a password change on the account page (every other session of the account has been logged out). */
export function passwordChangedEmail(firstName: string) {
  return {
    subject: 'Passordet ditt er endret',
    body: `Hei ${firstName}!\n\nPassordet for kontoen din hos Staut er endret, og du er logget ut på alle andre enheter.\n\nVar det ikke deg, må du tilbakestille passordet med en gang (Glemt passordet? på innloggingssiden) og kontakte kundeservice.\n\nHilsen Staut`,
  };
}

/** Front-end paths the links point at (proposed to the shell; see mf-account/README.md). */
export const verifyPath = (token: string) => `/konto/bekreft-epost?token=${encodeURIComponent(token)}`;
export const resetPath = (token: string, email: string) =>
  `/konto/tilbakestill-passord?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
