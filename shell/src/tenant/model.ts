import { createEffect, createEvent, createStore, sample } from 'effector';
import { getSettings, getTenant } from '@shop/contracts/api';
import { CHAIN_ID } from '@shop/contracts/constants';
import { mapTenant } from '@shop/contracts/mappers';
import type { RawTenant, Settings, Tenant } from '@shop/contracts/types';

/**
 * What the chrome shows until GET /tenant/get answers (and if it fails): the chain's own brand with every menu
 * entry, which is also what the API answers when nobody configured a tenant — so the header does not jump.
 */
export const FALLBACK_TENANT: Tenant = {
  id: 1,
  brandName: 'Staut',
  chainId: CHAIN_ID,
  menuBrands: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut'], policy: ['Staut'] },
  singleLineHeaderBrand: '',
  singleLineHeader: false,
  customerServiceEmail: 'kundeservice@staut.no',
  companyName: 'Staut Sport AS',
};

/** Blank fields from the API keep the fallback's value: a footer without an e-mail address helps nobody. */
export function withFallbacks(tenant: Tenant, fallback: Tenant = FALLBACK_TENANT): Tenant {
  const text = (value: string, otherwise: string) => (value && value.trim() ? value : otherwise);
  return {
    ...tenant,
    brandName: text(tenant.brandName, fallback.brandName),
    customerServiceEmail: text(tenant.customerServiceEmail, fallback.customerServiceEmail),
    companyName: text(tenant.companyName, fallback.companyName),
  };
}

/**
 * The tenant the server wrote into index.html (window.__SHOP_TENANT__, GET /tenant/get's answer), if it did: the
 * first render already has the brand's header (single line or not), so the chrome does not shift when it arrives.
 */
export function inlineTenant(): Tenant | null {
  const raw = typeof window === 'undefined' ? undefined : (window as { __SHOP_TENANT__?: RawTenant }).__SHOP_TENANT__;
  if (!raw || typeof raw !== 'object') return null;
  try {
    return withFallbacks(mapTenant(raw));
  } catch {
    return null;
  }
}

export const tenantRequested = createEvent({ name: 'shell:tenant-requested' });
export const fetchTenantFx = createEffect<void, Tenant>(() => getTenant());
export const $tenant = createStore<Tenant>(inlineTenant() ?? FALLBACK_TENANT, { name: 'shell:tenant' }).on(
  fetchTenantFx.doneData,
  (_, tenant) => withFallbacks(tenant),
);
sample({ clock: tenantRequested, filter: fetchTenantFx.pending.map((pending) => !pending), target: fetchTenantFx });

/**
 * Whether the server wrote the published home layout into index.html (window.__SHOP_HOME__; read at start-up, before
 * mf-content's home page takes it). Then the home page does not need GET /settings — its fallback for a missing
 * layout, which it fetches itself if the layout is gone by a later visit — and the first view makes no request.
 */
export const homeLayoutCameWithPage =
  typeof window !== 'undefined' && Boolean((window as { __SHOP_HOME__?: unknown }).__SHOP_HOME__);

/** Home banner slots (GET /settings), fetched the first time the home page is shown and handed to it. */
export const settingsRequested = createEvent({ name: 'shell:settings-requested' });
export const fetchSettingsFx = createEffect<void, Settings>(() => getSettings());
export const $settings = createStore<Settings | null>(null, { name: 'shell:settings', skipVoid: false }).on(
  fetchSettingsFx.doneData,
  (_, settings) => settings,
);
sample({
  clock: settingsRequested,
  source: { settings: $settings, pending: fetchSettingsFx.pending },
  filter: ({ settings, pending }) => settings === null && !pending,
  target: fetchSettingsFx,
});
