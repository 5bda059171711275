import { createEvent, createStore } from 'effector';
import { $cartOpen, $promoModalOpen } from '@shop/contracts/bus';

/** The privacy modal ("Personvern") is the shell's own: opened from the footer and the cookie notice. */
export const privacyOpened = createEvent({ name: 'shell:privacy-opened' });
export const privacyClosed = createEvent({ name: 'shell:privacy-closed' });
export const $privacyOpen = createStore(false, { name: 'shell:privacy-open' })
  .on(privacyOpened, () => true)
  .on(privacyClosed, () => false);

/** True from the first time any modal opens: the modal code is fetched then, not with the first page. */
export const $modalsNeeded = createStore(false, { name: 'shell:modals-needed' }).on(
  [$cartOpen.updates, $promoModalOpen.updates, $privacyOpen.updates],
  (needed, open) => needed || open,
);
