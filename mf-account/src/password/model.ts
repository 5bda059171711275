/** Forgot/reset password and e-mail verification calls, as effects so pages bind them with useUnit. */
import { createEffect } from 'effector';
import { requestPasswordReset, resetPassword, verifyEmail } from '@shop/contracts/api';
import type { MessageResponse, PasswordEmailPayload, PasswordResetPayload } from '@shop/contracts/types';

export const requestResetFx = createEffect<PasswordEmailPayload, MessageResponse>((payload) => requestPasswordReset(payload));
export const resetPasswordFx = createEffect<PasswordResetPayload, MessageResponse>((payload) => resetPassword(payload));
export const verifyEmailFx = createEffect<string, MessageResponse>((token) => verifyEmail({ token }));
