import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $pageHydrated } from '@shop/contracts/ssr';
import { $user } from '@shop/contracts/bus';
import { formatMoney } from '@shop/contracts/format';
import { serverMessage } from '@shop/contracts/api';
import { $activePromocode, $client, $isCartValid, $orders, $selectedShipping, clientChanged, shippingSelected } from '../cart/model.js';
import { CartLines } from '../cart/CartLines.js';
import { CartSummary } from '../cart/CartSummary.js';
import { PromoCodeForm } from '../promo/PromoCodeForm.js';
import { texts } from '../texts.js';
import { AddressFields } from './AddressFields.js';
import { Field } from './Field.js';
import {
  $knownAddresses,
  $postalCode,
  $shippingMethods,
  $shippingMethodsFailed,
  addressRemembered,
  fetchShippingMethodsFx,
  postalCodeChanged,
  prefillFieldEntered,
  reserveFx,
  shippingMethodsRequested,
  userDetailsOffered,
} from './model.js';
import {
  allowedMethods,
  effectiveMethod,
  isClickAndCollect,
  mustCollect,
  reservationPayload,
  serverFieldErrors,
  shippingPrice,
  validateCheckout,
  type CheckoutErrors,
} from './rules.js';
import { ShopPicker } from './ShopPicker.js';
import styles from './Checkout.module.css';

/** Step 1: contact details, delivery choice (address or shop), the cart with its errors, then the reservation. */
export function DetailsStep({ onReserved }: { onReserved: () => void }) {
  const id = useId();
  const [client, orders, valid, selected, methods, methodsFailed, methodsLoading, postalCode, known, promocode] = useUnit([
    $client,
    $orders,
    $isCartValid,
    $selectedShipping,
    $shippingMethods,
    $shippingMethodsFailed,
    fetchShippingMethodsFx.pending,
    $postalCode,
    $knownAddresses,
    $activePromocode,
  ]);
  const [changeClient, selectShipping, requestMethods, changePostalCode, remember, reserve, reserving] = useUnit([
    clientChanged,
    shippingSelected,
    shippingMethodsRequested,
    postalCodeChanged,
    addressRemembered,
    reserveFx,
    reserveFx.pending,
  ]);
  const [user, offerUserDetails, enterField] = useUnit([$user, userDetailsOffered, prefillFieldEntered]);
  // Submitting needs the page's code: the button is disabled until the page has hydrated (never a dead button).
  const hydrated = useUnit($pageHydrated);
  const [shopId, setShopId] = useState<number | null>(null);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const errorSummary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (methods.length === 0) requestMethods();
  }, [methods.length, requestMethods]);

  // A logged-in customer starts with their details in the fields still empty (also when the user arrives later).
  useEffect(() => {
    if (user) offerUserDetails(user);
  }, [user, offerUserDetails]);

  const method = effectiveMethod(methods, orders, selected.id);
  const collect = method ? isClickAndCollect(method) : mustCollect(orders);
  // What the chosen method costs for this cart (home delivery: the cart's freight, as the modal shows and the API charges).
  const price = method ? shippingPrice(method, orders) : null;

  // Keep the cart state's selected shipping (with its price for this cart) and delivery flag in step with the form.
  useEffect(() => {
    if (method && price !== null && (method.id !== selected.id || price !== selected.price)) selectShipping({ id: method.id, price });
  }, [method, price, selected.id, selected.price, selectShipping]);
  useEffect(() => {
    if (client.delivery === collect) changeClient({ delivery: !collect });
  }, [collect, client.delivery, changeClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    const draft = { ...client, delivery: !collect, postalCode, shippingMethodId: method?.id ?? null, shopId };
    const found = validateCheckout(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Move focus to the summary so keyboard and screen-reader users learn what to fix.
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    if (!valid) {
      setSubmitError(texts.cartInvalid);
      return;
    }
    try {
      await reserve(reservationPayload(draft, orders, promocode?.name ?? null));
      onReserved();
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setSubmitError(serverMessage(failure) ?? texts.reservationFailed);
      requestAnimationFrame(() => errorSummary.current?.focus());
    }
  };

  if (orders.length === 0) {
    return (
      <>
        <p>{texts.empty}</p>
        <Link to="/">{texts.continueShopping}</Link>
      </>
    );
  }

  const errorCount = Object.keys(errors).length;
  const allowed = allowedMethods(methods, orders);
  return (
    <div className={styles.form}>
      {/* The cart and its promo-code form sit outside the checkout form: forms cannot nest. */}
      <section aria-labelledby={`${id}-cart`}>
        <h2 id={`${id}-cart`}>{texts.checkoutSummary}</h2>
        <CartLines />
        <CartSummary freight={method && price !== null ? { label: `${texts.freight}: ${method.name}`, price } : undefined} />
        <PromoCodeForm />
      </section>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="checkout-details-title">
        <h2 id="checkout-details-title">{texts.steps.details}</h2>
        <div ref={errorSummary} tabIndex={-1} className={styles.errorSummary} aria-live="assertive">
          {errorCount > 0 && <p className={styles.error}>{texts.formErrors(errorCount)}</p>}
          {submitError && (
            <p className={styles.error} role="alert">
              {submitError}
            </p>
          )}
        </div>

        <fieldset className={styles.fieldset}>
          <legend>{texts.contactLegend}</legend>
          <Field
            id={`${id}-name`}
            label={texts.name}
            autoComplete="name"
            value={client.name}
            error={errors.name}
            onFocus={() => enterField('name')}
            onChange={(event) => changeClient({ name: event.target.value })}
          />
          <Field
            id={`${id}-phone`}
            label={texts.phone}
            hint={texts.phoneHint}
            type="tel"
            autoComplete="tel"
            value={client.phone}
            error={errors.phone}
            onFocus={() => enterField('phone')}
            onChange={(event) => changeClient({ phone: event.target.value })}
          />
          <Field
            id={`${id}-email`}
            label={texts.email}
            type="email"
            autoComplete="email"
            value={client.email}
            error={errors.email}
            onFocus={() => enterField('email')}
            onChange={(event) => changeClient({ email: event.target.value })}
          />
        </fieldset>

        <fieldset className={styles.fieldset} aria-describedby={errors.delivery ? `${id}-delivery-error` : undefined}>
          <legend>{texts.deliveryLegend}</legend>
          {methodsLoading && <p role="status">{texts.loadingShipping}</p>}
          {(methodsFailed || errors.delivery) && (
            <p id={`${id}-delivery-error`} className={styles.error}>
              {texts.shippingFailed}
            </p>
          )}
          {mustCollect(orders) && <p className={styles.notice}>{texts.onlyCcNotice}</p>}
          {methods.map((option) => {
            const disabled = !allowed.includes(option);
            return (
              <div key={option.id} className={styles.radio}>
                <input
                  type="radio"
                  id={`${id}-method-${option.id}`}
                  name={`${id}-method`}
                  value={option.id}
                  checked={method?.id === option.id}
                  disabled={disabled}
                  onChange={() => selectShipping({ id: option.id, price: shippingPrice(option, orders) })}
                />
                <label htmlFor={`${id}-method-${option.id}`}>
                  {option.name} – {formatMoney(shippingPrice(option, orders))}
                  {option.description && <span className={styles.hint}> · {option.description}</span>}
                </label>
              </div>
            );
          })}
        </fieldset>

        {collect ? (
          <ShopPicker orders={orders} selectedShopId={shopId} onSelect={(shop) => setShopId(shop.id)} error={errors.shop} />
        ) : (
          <AddressFields
            value={{ address: client.address, postalCode, city: client.city }}
            errors={errors}
            known={known}
            onChange={(change) => {
              if (change.address !== undefined) changeClient({ address: change.address });
              if (change.city !== undefined) changeClient({ city: change.city });
              if (change.postalCode !== undefined) changePostalCode(change.postalCode);
            }}
            onConfirmed={remember}
            onEntered={enterField}
          />
        )}

        <button type="submit" className={styles.primaryButton} disabled={!hydrated || reserving}>
          {reserving ? texts.submitting : texts.submitReservation}
        </button>
      </form>
    </div>
  );
}
