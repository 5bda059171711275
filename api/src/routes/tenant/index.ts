/**
 * GET /tenant/get: the brand this site runs as, from the `tenant_settings` table (key → JSON).
 * Accepted layouts: one row per field (key `brandName` / `BrandName` / `brand_name` …), and/or a row `tenant` whose
 * value is an object with those fields. Fields nobody configured fall back to the chain defaults below.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { BrandMenuEntry, RawTenant } from '@shop/contracts/types';
import { tenantSettings } from '../../db/schema.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';
import { isObject, pick, pickNumber, pickString, pickStringArray, type JsonObject } from '../shared/loose.js';

const MENU_ENTRIES: BrandMenuEntry[] = ['support', 'maintenance', 'about', 'policy'];

export const RawTenantSchema = Type.Object({
  TenantID: Type.Integer(),
  BrandName: Type.String(),
  ChainID: Type.Integer(),
  MenuBrands: Type.Object({
    support: Type.Array(Type.String()),
    maintenance: Type.Array(Type.String()),
    about: Type.Array(Type.String()),
    policy: Type.Array(Type.String()),
  }),
  SingleLineHeaderBrand: Type.String(),
  CustomerServiceEmail: Type.String(),
  CompanyName: Type.String(),
});
assertSameShape<SameShape<Static<typeof RawTenantSchema>, RawTenant>>();

/** Chain defaults (SPEC §2: chain id 1). */
export const DEFAULT_TENANT: RawTenant = {
  TenantID: 1,
  BrandName: 'Staut',
  ChainID: 1,
  MenuBrands: { support: ['Staut'], maintenance: ['Staut'], about: ['Staut'], policy: ['Staut'] },
  SingleLineHeaderBrand: '',
  CustomerServiceEmail: 'kundeservice@staut.no',
  CompanyName: 'Staut Sport AS',
};

/** Folds the table's rows into one RawTenant (pure: unit-tested). */
export function tenantFromRows(rows: Array<{ key: string; value: unknown }>): RawTenant {
  const fields: JsonObject = {};
  for (const row of rows) {
    if (row.key.toLowerCase() === 'tenant' && isObject(row.value)) Object.assign(fields, row.value);
  }
  for (const row of rows) if (row.key.toLowerCase() !== 'tenant') fields[row.key] = row.value;

  const menu = pick(fields, 'MenuBrands');
  const menuObj = isObject(menu) ? menu : {};
  const MenuBrands = Object.fromEntries(
    MENU_ENTRIES.map((entry) => [entry, pickStringArray(menuObj, entry) ?? DEFAULT_TENANT.MenuBrands[entry]]),
  ) as RawTenant['MenuBrands'];
  return {
    TenantID: pickNumber(fields, 'TenantID') ?? pickNumber(fields, 'id') ?? DEFAULT_TENANT.TenantID,
    BrandName: pickString(fields, 'BrandName') ?? DEFAULT_TENANT.BrandName,
    ChainID: pickNumber(fields, 'ChainID') ?? DEFAULT_TENANT.ChainID,
    MenuBrands,
    SingleLineHeaderBrand: pickString(fields, 'SingleLineHeaderBrand') ?? DEFAULT_TENANT.SingleLineHeaderBrand,
    CustomerServiceEmail: pickString(fields, 'CustomerServiceEmail') ?? DEFAULT_TENANT.CustomerServiceEmail,
    CompanyName: pickString(fields, 'CompanyName') ?? DEFAULT_TENANT.CompanyName,
  };
}

export const tenantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tenant/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'The brand (tenant) configuration',
        response: { 200: RawTenantSchema },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db.select({ key: tenantSettings.key, value: tenantSettings.value }).from(tenantSettings);
      return reply.send(tenantFromRows(rows));
    },
  );
};
