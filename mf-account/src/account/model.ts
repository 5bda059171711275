/** The member code of the account page (club members only). */
import { createEffect, createStore } from 'effector';
import { userCleared } from '@shop/contracts/bus';
import { getCurrentCustomerCode } from '@shop/contracts/api';
import type { CustomerCode } from '@shop/contracts/types';
import { historyFailureClearsUser } from '../session/messages.js';
import { statusOf } from '../session/model.js';
import { sample } from 'effector';

export const loadMemberCodeFx = createEffect<void, CustomerCode>(() => getCurrentCustomerCode());
export const $memberCode = createStore<CustomerCode | null>(null)
  .on(loadMemberCodeFx.doneData, (_, code) => code)
  .reset(loadMemberCodeFx.fail, userCleared);
sample({ clock: loadMemberCodeFx.failData, filter: (error) => historyFailureClearsUser(statusOf(error)), target: userCleared });
