/**
 * The chain the shop is branded for. Tenant settings from the API take over in a later issue (brand lists per
 * menu entry); until then these are the shop's defaults.
 */
export const brand = {
  name: 'Staut',
  company: 'Staut Sport AS',
  customerServiceEmail: 'kundeservice@staut.no',
} as const;
