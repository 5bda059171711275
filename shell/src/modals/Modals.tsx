import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $cartOpen, $promoModalOpen, cartClosed, promoModalToggled } from '@shop/contracts/bus';
import { pathFor, type StaticPageProps } from '@shop/contracts/routes';
import { DeclaredPiece } from '../federation/DeclaredPiece.js';
import { texts } from '../texts.js';
import { Modal } from './Modal.js';
import { $privacyOpen, privacyClosed } from './model.js';

/**
 * Props of the pieces the remotes declare for the modals (roles `cart-modal` and `cart-login`; see the declaring
 * remotes' READMEs); the shell only composes them.
 */
interface CartModalProps {
  loginForm?: ReactNode;
}
interface LoginFormProps {
  fromCart?: boolean;
}

/**
 * The cart offers a login (SPEC §4: a login made from the cart reloads the page with the cart open). The form is
 * another remote's (the account's), composed here so neither remote imports the other.
 */
const cartModalProps: CartModalProps = {
  loginForm: <DeclaredPiece<LoginFormProps> role="cart-login" props={{ fromCart: true }} />,
};

/** Loaded on demand (see ModalHost): the three modals of SPEC §2 with their remote contents. */
export default function Modals() {
  const [cartOpen, closeCart, promoOpen, togglePromo, privacyOpen, closePrivacy] = useUnit([
    $cartOpen,
    cartClosed,
    $promoModalOpen,
    promoModalToggled,
    $privacyOpen,
    privacyClosed,
  ]);
  return (
    <>
      <Modal open={cartOpen} onClose={closeCart} title={texts.cartModalTitle} testId="cart-modal">
        <DeclaredPiece<CartModalProps> role="cart-modal" props={cartModalProps} />
      </Modal>
      <Modal open={promoOpen} onClose={() => promoOpen && togglePromo()} title={texts.promoModalTitle} testId="promo-modal">
        <DeclaredPiece role="promo-code-modal" />
      </Modal>
      <Modal open={privacyOpen} onClose={closePrivacy} title={texts.privacyModalTitle} testId="privacy-modal">
        <DeclaredPiece<StaticPageProps> role="privacy-modal" props={{ slug: 'personvernerklaering', embedded: true }} />
        <p>
          <Link to={pathFor('privacy')} onClick={() => closePrivacy()}>
            {texts.privacyFullPage}
          </Link>
        </p>
      </Modal>
    </>
  );
}
