import { createEffect, createEvent, createStore, sample } from 'effector';
import { getSettings, getTenant } from '@shop/contracts/api';
import { CHAIN_ID } from '@shop/contracts/constants';
import { filledByServer } from '@shop/contracts/ssr';
import type { Settings, Tenant } from '@shop/contracts/types';

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

export const tenantRequested = createEvent({ name: 'shell:tenant-requested' });
export const fetchTenantFx = createEffect<void, Tenant>(() => getTenant());
/** Filled by the server renderer in the request's scope (sid: it crosses to the browser in the page's PageData). */
export const $tenant = filledByServer(createStore<Tenant>(FALLBACK_TENANT, { name: 'shell:tenant', sid: 'shell/tenant' })).on(
  fetchTenantFx.doneData,
  (_, tenant) => withFallbacks(tenant),
);
sample({ clock: tenantRequested, filter: fetchTenantFx.pending.map((pending) => !pending), target: fetchTenantFx });

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
