import { describe, expect, it } from 'vitest';
import type { StaffAccount } from '@shop/contracts/types';
import { actionWords, auditDetail, checkInvite, moveTargets, osloDateTime, passwordProblem, roleLabel, staffPermissions, staffState } from './rules.js';
import { texts } from './texts.js';

const account = (over: Partial<StaffAccount> = {}): StaffAccount => ({ id: 2, email: 'a@staut.no', name: 'A B', role: 'staff', active: true, invited: false, invited_role: null, ...over });
const SELF = 1;

describe('staffPermissions (what the admin may do with an account)', () => {
  it.each([
    ['an active editor', account(), { changeRole: true, deactivate: true, reactivate: false, withdrawInvite: false }],
    ['an active admin', account({ role: 'admin' }), { changeRole: true, deactivate: true, reactivate: false, withdrawInvite: false }],
    ['a deactivated editor', account({ active: false }), { changeRole: false, deactivate: false, reactivate: true, withdrawInvite: false }],
    ['their own account', account({ id: SELF, role: 'admin' }), { changeRole: false, deactivate: false, reactivate: false, withdrawInvite: false }],
    ['a customer with an open invitation (not staff until accepted)', account({ role: 'customer', invited: true, invited_role: 'staff' }), { changeRole: false, deactivate: false, reactivate: false, withdrawInvite: true }],
    ['a new account invited, not yet accepted', account({ invited: true, invited_role: 'staff' }), { changeRole: true, deactivate: true, reactivate: false, withdrawInvite: true }],
    ['an editor invited to become admin', account({ invited: true, invited_role: 'admin' }), { changeRole: true, deactivate: true, reactivate: false, withdrawInvite: true }],
    ['an invitation that has expired (nothing open to withdraw)', account({ invited: true, invited_role: null }), { changeRole: true, deactivate: true, reactivate: false, withdrawInvite: false }],
    ['shop staff (role given with their shops elsewhere)', account({ role: 'shop' }), { changeRole: false, deactivate: true, reactivate: false, withdrawInvite: false }],
  ])('%s', (_name, a, expected) => {
    expect(staffPermissions(a, SELF)).toEqual(expected);
  });
});

describe('staffState', () => {
  it.each([
    [account(), 'active'],
    [account({ invited: true }), 'invited'],
    [account({ active: false }), 'deactivated'],
    [account({ active: false, invited: true }), 'deactivated'],
  ] as const)('%j → %s', (a, state) => {
    expect(staffState(a)).toBe(state);
  });
});

describe('checkInvite', () => {
  it.each([
    ['a complete invitation, trimmed', { email: ' ny@staut.no ', first_name: ' Nora ', last_name: 'Ny', role: 'staff' as const }, {}],
    ['no e-mail', { email: '', first_name: 'N', last_name: 'N', role: 'staff' as const }, { email: texts.staff.emailInvalid }],
    ['an e-mail without a domain', { email: 'nora@', first_name: 'N', last_name: 'N', role: 'admin' as const }, { email: texts.staff.emailInvalid }],
    ['blank names', { email: 'n@staut.no', first_name: ' ', last_name: '', role: 'staff' as const }, { first_name: texts.staff.firstNameMissing, last_name: texts.staff.lastNameMissing }],
  ])('%s', (_name, form, errors) => {
    expect(checkInvite(form).errors).toEqual(errors);
  });
  it('sends the trimmed input', () => {
    expect(checkInvite({ email: ' ny@staut.no ', first_name: ' Nora ', last_name: ' Ny ', role: 'admin' }).input).toEqual({ email: 'ny@staut.no', first_name: 'Nora', last_name: 'Ny', role: 'admin' });
  });
});

describe('passwordProblem (the shop rule: at least 8 characters)', () => {
  it.each([
    ['', texts.invite.tooShort(8)],
    ['1234567', texts.invite.tooShort(8)],
    ['12345678', null],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('osloDateTime (Norwegian time whatever the browser zone)', () => {
  it.each([
    ['2026-11-27T13:05:00.000Z', '27.11.2026 kl. 14:05'], // winter: UTC+1
    ['2026-07-01T22:30:00.000Z', '02.07.2026 kl. 00:30'], // summer: UTC+2, the next day in Oslo
    ['2026-03-29T00:59:00.000Z', '29.03.2026 kl. 01:59'], // the last minute before summer time
    ['2026-03-29T01:00:00.000Z', '29.03.2026 kl. 03:00'], // summer time starts
    ['not a date', ''],
  ])('%s → %s', (iso, words) => {
    expect(osloDateTime(iso)).toBe(words);
  });
});

describe('the audit log in words', () => {
  it.each([
    ['invite', 'Inviterte'],
    ['deactivate', 'Deaktiverte'],
    ['reactivate', 'Aktiverte igjen'],
    ['withdraw-invite', 'Trakk tilbake invitasjonen'],
    ['unpublish', 'Avpubliserte'],
    ['something-new', 'something-new'],
  ])('action %s → %s', (action, words) => {
    expect(actionWords(action)).toBe(words);
  });
  it.each([
    ['a save', { entity_type: 'blog-post', action: 'update', detail: { version: 3 } }, 'versjon 3'],
    ['an invitation', { entity_type: 'staff', action: 'invite', detail: { role: 'staff', email: 'ny@staut.no' } }, 'som redaktør, ny@staut.no'],
    ['a role change', { entity_type: 'staff', action: 'update', detail: { role: 'admin', from: 'staff' } }, 'fra redaktør til administrator'],
    ['a deactivation', { entity_type: 'staff', action: 'deactivate', detail: {} }, ''],
    ['an invitation withdrawn, with the account it made', { entity_type: 'staff', action: 'withdraw-invite', detail: { email: 'feil@staut.on', removed: true } }, 'feil@staut.on, kontoen er fjernet'],
    ['an invitation withdrawn from a customer', { entity_type: 'staff', action: 'withdraw-invite', detail: { email: 'kunde@example.no' } }, 'kunde@example.no'],
    ['a schedule', { entity_type: 'poll', action: 'schedule', detail: { version: 2, at: '2026-12-01T07:00:00.000Z', until: null } }, 'versjon 2, fra 01.12.2026 kl. 08:00'],
    ['a category deleted with its posts moved', { entity_type: 'blog-category', action: 'delete', detail: { moved_to: 4, posts: 2 } }, '2 innlegg flyttet, til kategori 4'],
    ['a category renamed', { entity_type: 'blog-category', action: 'rename', detail: { name: 'Tips', slug: 'tips' } }, '«Tips»'],
    ['a detail of the wrong shape', { entity_type: 'blog-post', action: 'update', detail: { version: 'x' } }, ''],
  ])('%s', (_name, entry, words) => {
    expect(auditDetail(entry)).toBe(words);
  });
  it('names roles', () => {
    expect([roleLabel('staff'), roleLabel('admin'), roleLabel('customer'), roleLabel('ukjent')]).toEqual(['Redaktør', 'Administrator', 'Kunde', 'ukjent']);
  });
});

describe('moveTargets', () => {
  it('is every other category', () => {
    const cats = [1, 2, 3].map((id) => ({ id, slug: `k${id}`, name: `K${id}`, posts_count: 0 }));
    expect(moveTargets(cats, 2).map((c) => c.id)).toEqual([1, 3]);
  });
});
