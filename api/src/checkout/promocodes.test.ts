import { describe, expect, it } from 'vitest';
import { promoTexts, promoVerdict, shopperEmailKeys, type PromoShopper } from './promocodes.js';

const d = (s: string) => new Date(s);
const now = d('2026-02-15T00:00:00Z');
const code = (patch: Partial<{ type: string; maxUses: number | null; uses: number; validFrom: Date; validTo: Date }> = {}) => ({
  validFrom: d('2026-02-01T00:00:00Z'),
  validTo: d('2026-03-01T00:00:00Z'),
  type: 'cart',
  maxUses: null,
  uses: 0,
  ...patch,
});
const anonymous: PromoShopper = { customer: null, email: null };
const guest: PromoShopper = { customer: null, email: 'ola@example.no' };
const member: PromoShopper = { customer: { id: 1, club: true, email: 'kari@example.no' }, email: null };
const nonMember: PromoShopper = { customer: { id: 2, club: false, email: 'per@example.no' }, email: null };

describe('promoVerdict: who may use a code', () => {
  it.each([
    ['unknown code', null, anonymous, false, 'unknown', 404],
    ['cart code, anyone', code(), anonymous, false, null, 0],
    ['not yet valid', code({ validFrom: d('2026-03-01T00:00:00Z'), validTo: d('2026-04-01T00:00:00Z') }), member, false, 'notYetValid', 422],
    ['expired', code({ validTo: d('2026-02-10T00:00:00Z') }), member, false, 'expired', 422],
    ['member code, anonymous', code({ type: 'member' }), anonymous, false, 'membersOnly', 422],
    ['member code, guest with an e-mail', code({ type: 'member' }), guest, false, 'membersOnly', 422],
    ['member code, logged-in non-member', code({ type: 'member' }), nonMember, false, 'membersOnly', 422],
    ['member code, club member', code({ type: 'member' }), member, false, null, 0],
    ['expired member code, member: the window first', code({ type: 'member', validTo: d('2026-02-10T00:00:00Z') }), member, false, 'expired', 422],
    ['welcome code, first time', code({ type: 'welcome' }), guest, false, null, 0],
    ['welcome code, already used', code({ type: 'welcome' }), guest, true, 'alreadyUsed', 422],
    ['a cart code may be used again', code(), guest, true, null, 0],
    ['used up', code({ maxUses: 100, uses: 100 }), member, false, 'usedUp', 422],
    ['one use left', code({ maxUses: 100, uses: 99 }), member, false, null, 0],
    ['max_uses 0 is never usable', code({ maxUses: 0 }), member, false, 'usedUp', 422],
  ] as const)('%s', (_n, promo, shopper, used, refusal, status) => {
    const verdict = promoVerdict(promo, shopper, used, now);
    if (refusal === null) expect(verdict).toEqual({ ok: true });
    else expect(verdict).toEqual({ ok: false, refusal, status, message: promoTexts[refusal] });
  });
});

describe('shopperEmailKeys', () => {
  it.each([
    ['anonymous, no e-mail yet', anonymous, []],
    ['guest', { customer: null, email: ' Ola@Example.NO ' }, ['ola@example.no']],
    ['customer: the account e-mail and the typed one', { ...member, email: 'kari.jobb@example.no' }, ['kari@example.no', 'kari.jobb@example.no']],
    ['the same e-mail once', { ...member, email: 'KARI@example.no' }, ['kari@example.no']],
    ['another spelling of the same e-mail once', { ...member, email: 'kari+1@example.no.' }, ['kari@example.no']],
    ['a deleted account has no e-mail', { customer: { id: 3, club: false, email: null }, email: null }, []],
  ] as const)('%s', (_n, shopper, expected) => {
    expect(shopperEmailKeys(shopper as PromoShopper)).toEqual(expected);
  });
});
