import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $alerts, alertDismissed, alertRaised } from '@shop/contracts/bus';
import { VERIFICATION_ALERT_TIMEOUT } from '@shop/contracts/constants';
import { resendTexts } from '@shop/contracts/texts/forms';
import { addAlert, createAlert, firstAlert, removeAlert } from './alerts.js';
import './model.js';

const titles = { error: 'Noe gikk galt', warning: 'Obs!', info: 'Informasjon', success: 'Suksess' } as const;

describe('createAlert', () => {
  it.each([
    { input: { type: 'error' as const, message: 'm' }, title: 'Noe gikk galt' },
    { input: { type: 'warning' as const, message: 'm' }, title: 'Obs!' },
    { input: { type: 'info' as const, message: 'm' }, title: 'Informasjon' },
    { input: { type: 'success' as const, message: 'm' }, title: 'Suksess' },
    { input: { type: 'info' as const, message: 'm', title: 'Eget' }, title: 'Eget' },
    { input: { type: 'info' as const, message: 'm', title: '  ' }, title: 'Informasjon' },
  ])('$input.type with title "$input.title" → "$title"', ({ input, title }) => {
    expect(createAlert(input, 'u1', titles)).toEqual({ ...input, uid: 'u1', title });
  });
});

describe('alert queue', () => {
  it('adds in order, shows the first, removes by uid', () => {
    const a = createAlert({ type: 'error', message: 'a' }, 'a', titles);
    const b = createAlert({ type: 'info', message: 'b' }, 'b', titles);
    const queue = addAlert(addAlert([], a), b);
    expect(firstAlert(queue)).toBe(a);
    expect(removeAlert(queue, 'a')).toEqual([b]);
    expect(firstAlert(removeAlert(removeAlert(queue, 'a'), 'b'))).toBeNull();
  });

  it('the model gives each raised alert a uid and its default title; dismissing removes exactly that one', async () => {
    const scope = fork();
    await allSettled(alertRaised, { scope, params: { type: 'error', message: 'Error: Could not load article' } });
    await allSettled(alertRaised, { scope, params: { type: 'success', message: 'Lagret' } });
    const [first, second] = scope.getState($alerts);
    expect(first).toMatchObject({ type: 'error', title: 'Noe gikk galt', message: 'Error: Could not load article' });
    expect(second).toMatchObject({ type: 'success', title: 'Suksess' });
    expect(first.uid).not.toBe(second.uid);
    await allSettled(alertDismissed, { scope, params: first.uid });
    expect(scope.getState($alerts)).toEqual([second]);
  });

  it('the verification notice ("Epost sendt til {email}") stays VERIFICATION_ALERT_TIMEOUT (3000 ms), then goes', async () => {
    expect(VERIFICATION_ALERT_TIMEOUT).toBe(3000);
    expect(resendTexts.timeout).toBe(VERIFICATION_ALERT_TIMEOUT);
    vi.useFakeTimers();
    try {
      const scope = fork();
      const params = { type: 'success' as const, message: resendTexts.sent('kari@example.no'), timeout: resendTexts.timeout };
      const settled = allSettled(alertRaised, { scope, params });
      await vi.advanceTimersByTimeAsync(VERIFICATION_ALERT_TIMEOUT - 1);
      expect(scope.getState($alerts)).toMatchObject([{ message: 'Epost sendt til kari@example.no' }]);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(scope.getState($alerts)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an alert with a timeout removes itself', async () => {
    vi.useFakeTimers();
    try {
      const scope = fork();
      // allSettled also waits for the pending dismissal, so the clock is moved while it waits.
      const settled = allSettled(alertRaised, { scope, params: { type: 'success', message: 'Epost sendt', timeout: 3000 } });
      await vi.advanceTimersByTimeAsync(2999);
      expect(scope.getState($alerts)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(scope.getState($alerts)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
