import type { AddressFeature, PostalCode, RawAddressHit, RawPostalCode } from '../types/geo.js';

export function mapPostalCode(raw: RawPostalCode): PostalCode {
  return { postNo: raw.PostNo, postPlace: raw.PostPlace, lat: raw.CoordLat ?? null, lng: raw.CoordLong ?? null };
}

export function mapAddressHit(raw: RawAddressHit): AddressFeature {
  return {
    street: raw.adressenavn,
    houseNumber: `${raw.nummer ?? ''}${raw.bokstav ?? ''}`.toUpperCase(),
    postcode: raw.postnummer,
    city: raw.poststed,
    position: raw.representasjonspunkt ? { lat: raw.representasjonspunkt.lat, lng: raw.representasjonspunkt.lon } : null,
  };
}
