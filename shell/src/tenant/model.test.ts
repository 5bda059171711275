import { describe, expect, it } from 'vitest';
import { mapTenant } from '@shop/contracts/mappers';
import { FALLBACK_TENANT, withFallbacks } from './model.js';

describe('tenant fallbacks', () => {
  it('the fallback is a complete brand with every menu entry', () => {
    expect(FALLBACK_TENANT).toMatchObject({ brandName: 'Staut', chainId: 1, companyName: 'Staut Sport AS' });
    expect(FALLBACK_TENANT.customerServiceEmail).toMatch(/@/);
  });

  it('the API answer wins; blank fields keep the fallback', () => {
    const tenant = mapTenant({
      TenantID: 2,
      BrandName: 'Heldre',
      ChainID: 1,
      MenuBrands: { support: ['Heldre'], maintenance: [], about: [], policy: [] },
      SingleLineHeaderBrand: 'Heldre',
      CustomerServiceEmail: ' ',
      CompanyName: 'Heldre AS',
    });
    expect(withFallbacks(tenant)).toMatchObject({
      brandName: 'Heldre',
      companyName: 'Heldre AS',
      customerServiceEmail: FALLBACK_TENANT.customerServiceEmail,
      singleLineHeader: true,
      menuBrands: { support: ['Heldre'], about: [] },
    });
  });
});
