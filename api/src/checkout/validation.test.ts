import { describe, expect, it } from 'vitest';
import { contactErrors, type ContactFields } from './validation.js';

const ok: ContactFields = {
  CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '+47 912 34 567'.replace(/ (?=\d{2})/g, ''),
  Delivery: 1, Address: 'Storgata 1', City: 'OSLO', PostalCode: '0150',
};

describe('contactErrors', () => {
  it('accepts a complete delivery address', () => {
    expect(contactErrors({ ...ok, Phone: '+47 91234567' })).toEqual([]);
  });
  it.each([
    ['CustomerName', { CustomerName: '  ' }],
    ['Email', { Email: 'kari@' }],
    ['Email', { Email: 'kari example.no' }],
    ['Phone', { Phone: '81234567' }],
    ['Phone', { Phone: '9123456' }],
    ['Address', { Address: '' }],
    ['City', { City: '' }],
    ['PostalCode', { PostalCode: '150' }],
  ] as const)('flags %s', (field, patch) => {
    expect(contactErrors({ ...ok, Phone: '91234567', ...patch }).map((e) => e.field)).toEqual([field]);
  });
  it('click-and-collect needs no address', () => {
    expect(contactErrors({ ...ok, Phone: '0047 41234567', Delivery: 0, Address: '', City: '', PostalCode: '' })).toEqual([]);
  });
});
