// @vitest-environment happy-dom
/** The login form checks its required fields itself: empty or blank fields never reach the API (no throttled attempt). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { $userLoaded } from '@shop/contracts/bus';
import type { Customer } from '@shop/contracts/types';
import LoginForm from './LoginForm.js';
import { loginFieldErrors } from './LoginPage.js';
import { loginFx, reloadPageFx, type LoginRequest } from '../session/model.js';
import { texts } from '../texts.js';

function setup() {
  const calls: LoginRequest[] = [];
  const scope: Scope = fork({
    values: [[$userLoaded, true]],
    handlers: [
      [loginFx, (req: LoginRequest) => (calls.push(req), Promise.resolve({ id: 7 } as Customer))],
      [reloadPageFx, () => undefined],
    ],
  });
  render(
    <Provider value={scope}>
      <MemoryRouter>
        <LoginForm fromCart />
      </MemoryRouter>
    </Provider>,
  );
  const username = screen.getByLabelText(texts.username) as HTMLInputElement;
  const password = screen.getByLabelText(texts.password) as HTMLInputElement;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: texts.loginButton }));
  return { calls, username, password, submit };
}

const messageOf = (input: HTMLInputElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('LoginForm required fields', () => {
  it('empty submit: both fields get a Norwegian message tied to the input, and nothing is sent', () => {
    const { calls, username, password, submit } = setup();
    submit();
    expect(calls).toEqual([]);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(username)).toBe('Skriv inn e-postadressen eller telefonnummeret ditt');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(password)).toBe('Skriv inn passordet ditt');
    // The wrong-credentials text is the server's answer to a real attempt, not to empty fields.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('blank username or blank password alone is not sent either', () => {
    const { calls, username, password, submit } = setup();
    fireEvent.change(username, { target: { value: '   ' } });
    fireEvent.change(password, { target: { value: 'hemmelig-1' } });
    submit();
    expect(messageOf(username)).toBe(texts.usernameRequired);
    expect(messageOf(password)).toBeUndefined();
    fireEvent.change(username, { target: { value: 'kari@example.no' } });
    fireEvent.change(password, { target: { value: '  ' } });
    submit();
    expect(messageOf(username)).toBeUndefined();
    expect(messageOf(password)).toBe(texts.passwordRequired);
    expect(calls).toEqual([]);
  });

  it('typing clears the message; a filled form is sent once', async () => {
    const { calls, username, password, submit } = setup();
    submit();
    fireEvent.change(username, { target: { value: ' kari@example.no ' } });
    expect(username.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(password, { target: { value: 'hemmelig-1' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await act(async () => submit());
    expect(calls).toEqual([{ payload: { username: 'kari@example.no', password: 'hemmelig-1' }, type: 'email', fromCart: true }]);
  });
});

describe('loginFieldErrors', () => {
  it('flags empty and blank fields only', () => {
    expect(loginFieldErrors('', '')).toEqual({ username: texts.usernameRequired, password: texts.passwordRequired });
    expect(loginFieldErrors(' \t', 'x')).toEqual({ username: texts.usernameRequired });
    expect(loginFieldErrors('91234567', ' ')).toEqual({ password: texts.passwordRequired });
    expect(loginFieldErrors('91234567', ' hemmelig ')).toEqual({});
  });
});
