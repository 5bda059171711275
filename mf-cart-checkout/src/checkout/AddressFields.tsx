import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { cityFromAnswer, createPostcodeLookup, type PostcodeAnswer } from '@shop/contracts/api';
import type { AddressFeature } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { lookupAddress, type AddressLookup } from './addressLookup.js';
import { Field } from './Field.js';
import { addressLabel, type CheckoutErrors, type PrefillField } from './rules.js';
import styles from './Checkout.module.css';

export interface AddressValue {
  address: string;
  postalCode: string;
  city: string;
}

type LookupState = AddressLookup | { status: 'SEARCHING' } | { status: 'FAILED' };

/**
 * Street address, postcode and city for home delivery, with the address lookup: "Finn adressen" checks the text
 * (house number required), matches it against known and looked-up addresses and lets the shopper choose. The city
 * (Poststed) fills itself from a known postcode as it is typed, and an unknown postcode says so at once.
 *
 * Messages: the newest wins. A lookup's answer replaces the address error of an earlier submit (after a failed submit,
 * "Finn adressen" showed the old error and nothing new), and a later submit's errors replace the lookup's answer.
 */
export function AddressFields({
  value,
  errors,
  known,
  onChange,
  onConfirmed,
  onEntered,
}: {
  value: AddressValue;
  errors: CheckoutErrors;
  known: AddressFeature[];
  onChange: (change: Partial<AddressValue>) => void;
  onConfirmed: (feature: AddressFeature) => void;
  /** The shopper went into a field (a logged-in customer's details then leave it alone). */
  onEntered?: (field: PrefillField) => void;
}) {
  const id = useId();
  // `after`: the submit errors the lookup answered after; once the form has newer errors, they speak instead.
  const [answered, setAnswered] = useState<{ lookup: LookupState; after: CheckoutErrors } | null>(null);
  const lookup = answered && answered.after === errors ? answered.lookup : null;
  const setLookup = (next: LookupState | null) => setAnswered(next && { lookup: next, after: errors });

  const [postcodeAnswer, setPostcodeAnswer] = useState<PostcodeAnswer>({ status: 'incomplete' });
  // onChange is a new function each render; the lookup, made once, calls the latest.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const latestValue = useRef(value);
  latestValue.current = value;
  const postcodes = useMemo(
    () =>
      createPostcodeLookup((answer) => {
        setPostcodeAnswer(answer);
        // Poststed belongs to the postcode (one place per code): a known code fills it, whatever was typed there.
        const city = cityFromAnswer(answer, latestValue.current.city);
        if (city !== null) latestOnChange.current({ city });
      }),
    [],
  );
  useEffect(() => () => postcodes.dispose(), [postcodes]);
  // A postcode already in the field (remembered, prefilled from the account) gets its place too.
  const postalCode = value.postalCode;
  useEffect(() => postcodes.change(postalCode), [postcodes, postalCode]);

  const choose = (feature: AddressFeature) => {
    onChange({ address: `${feature.street} ${feature.houseNumber}`, postalCode: feature.postcode, city: feature.city });
    onConfirmed(feature);
    setLookup({ status: 'MATCH', feature });
  };

  const find = async () => {
    setLookup({ status: 'SEARCHING' });
    try {
      const result = await lookupAddress(value.address, value.postalCode.trim(), known);
      if (result.status === 'MATCH') choose(result.feature);
      else setLookup(result);
    } catch {
      // The lookup service being down must not stop a purchase: the server validates the address it is given.
      setLookup({ status: 'FAILED' });
    }
  };

  const lookupError = lookup && (lookup.status === 'ADDRESS_NOT_FOUND' || lookup.status === 'NONE_FOUND') ? lookup.message : undefined;
  const addressError = lookup ? lookupError : errors.address;
  // The live answer is about the code in the field now, so it outranks a submit's error about an earlier text.
  const livePostcode = postcodeAnswer.status === 'found' || postcodeAnswer.status === 'unknown' ? postcodeAnswer : null;
  const postcodeError = livePostcode && livePostcode.postcode === value.postalCode.trim()
    ? livePostcode.status === 'unknown' ? livePostcode.message : undefined
    : errors.postalCode;

  return (
    <fieldset className={styles.fieldset}>
      <legend>{texts.addressLegend}</legend>
      <Field
        id={`${id}-address`}
        label={texts.address}
        hint={texts.addressHint}
        autoComplete="street-address"
        list={known.length > 0 ? `${id}-known` : undefined}
        value={value.address}
        error={addressError}
        onFocus={() => onEntered?.('address')}
        onChange={(event) => {
          onChange({ address: event.target.value });
          setLookup(null);
        }}
        onBlur={() => {
          const hit = known.find((feature) => `${feature.street} ${feature.houseNumber}` === value.address.trim());
          if (hit && value.postalCode === '') choose(hit);
        }}
      >
        {known.length > 0 && (
          <datalist id={`${id}-known`} aria-label={texts.knownAddresses}>
            {known.map((feature) => (
              <option key={addressLabel(feature)} value={`${feature.street} ${feature.houseNumber}`}>
                {addressLabel(feature)}
              </option>
            ))}
          </datalist>
        )}
      </Field>
      <div className={styles.inlineRow}>
        <Field
          id={`${id}-postcode`}
          label={texts.postalCode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={value.postalCode}
          error={postcodeError}
          onFocus={() => onEntered?.('postalCode')}
          onChange={(event) => onChange({ postalCode: event.target.value })}
        />
        <Field
          id={`${id}-city`}
          label={texts.city}
          autoComplete="address-level2"
          value={value.city}
          error={errors.city}
          onFocus={() => onEntered?.('city')}
          onChange={(event) => onChange({ city: event.target.value })}
        />
      </div>
      <button type="button" className={styles.secondaryButton} onClick={() => void find()} disabled={lookup?.status === 'SEARCHING'}>
        {texts.findAddress}
      </button>
      {lookup?.status === 'SEARCHING' && <p role="status">{texts.searchingAddress}</p>}
      {lookup?.status === 'FAILED' && <p role="status">{texts.addressLookupFailed}</p>}
      {lookup?.status === 'MATCH' && <p role="status">{texts.addressChosen(addressLabel(lookup.feature))}</p>}
      {lookup?.status === 'CHOICES' && (
        <fieldset className={styles.choices}>
          <legend>{texts.addressChoices}</legend>
          <ul>
            {lookup.features.map((feature) => (
              <li key={addressLabel(feature)}>
                <button type="button" className={styles.choice} onClick={() => choose(feature)}>
                  {addressLabel(feature)}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </fieldset>
  );
}
