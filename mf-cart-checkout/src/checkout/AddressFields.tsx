import { useId, useState } from 'react';
import type { AddressFeature } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { lookupAddress, type AddressLookup } from './addressLookup.js';
import { Field } from './Field.js';
import { addressLabel, type CheckoutErrors } from './rules.js';
import styles from './Checkout.module.css';

export interface AddressValue {
  address: string;
  postalCode: string;
  city: string;
}

/**
 * Street address, postcode and city for home delivery, with the address lookup: "Finn adressen" checks the text
 * (house number required), matches it against known and looked-up addresses and lets the shopper choose.
 */
export function AddressFields({
  value,
  errors,
  known,
  onChange,
  onConfirmed,
}: {
  value: AddressValue;
  errors: CheckoutErrors;
  known: AddressFeature[];
  onChange: (change: Partial<AddressValue>) => void;
  onConfirmed: (feature: AddressFeature) => void;
}) {
  const id = useId();
  const [lookup, setLookup] = useState<AddressLookup | { status: 'SEARCHING' } | { status: 'FAILED' } | null>(null);

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
  const addressError = errors.address ?? lookupError;

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
          error={errors.postalCode}
          onChange={(event) => onChange({ postalCode: event.target.value })}
        />
        <Field
          id={`${id}-city`}
          label={texts.city}
          autoComplete="address-level2"
          value={value.city}
          error={errors.city}
          onChange={(event) => onChange({ city: event.target.value })}
        />
      </div>
      <button type="button" className={styles.secondaryButton} onClick={() => void find()} disabled={lookup?.status === 'SEARCHING'}>
        {texts.findAddress}
      </button>
      {lookup?.status === 'SEARCHING' && <p role="status">{texts.searchingAddress}</p>}
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
