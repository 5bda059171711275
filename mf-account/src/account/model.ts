/** The club on the account page: the member code (club members only) and joining (the server grants membership). */
import { createEffect, createStore } from 'effector';
import { $user, userCleared } from '@shop/contracts/bus';
import { getCurrentCustomerCode, joinClub, serverMessage } from '@shop/contracts/api';
import type { Customer, CustomerCode } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { historyFailureClearsUser } from '../session/messages.js';
import { statusOf } from '../session/model.js';
import { sample } from 'effector';

export const loadMemberCodeFx = createEffect<void, CustomerCode>(() => getCurrentCustomerCode());
export const $memberCode = createStore<CustomerCode | null>(null)
  .on(loadMemberCodeFx.doneData, (_, code) => code)
  .reset(loadMemberCodeFx.fail, userCleared);
sample({ clock: loadMemberCodeFx.failData, filter: (error) => historyFailureClearsUser(statusOf(error)), target: userCleared });

/** Joining accepts the club's terms; the server refuses it until the e-mail is verified (its message is shown). */
export const joinClubFx = createEffect<void, Customer>(() => joinClub());
$user.on(joinClubFx.doneData, (_, user) => user);
export const $joinClubError = createStore<string | null>(null)
  .on(joinClubFx.failData, (_, error) => serverMessage(error) ?? texts.joinClubFailed)
  .reset(joinClubFx, userCleared);
sample({ clock: joinClubFx.failData, filter: (error) => statusOf(error) === 401, target: userCleared });
