import {
  baseApi,
  type AuthResponse,
  type ConfirmEmailPayload,
  type EmailChangeDetails,
  type ForgotPasswordPayload,
  type InvitationDetails,
  type SetPasswordPayload,
} from '@duly/shared/core';

/**
 * The one-time links of the accounts (ARCHITECTURE 6): an invitation to accept, a forgotten
 * password, a new email to confirm, a sign-up's email to confirm. All public: the link's
 * token is the proof (with the password, for a new email).
 */
export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    accountsInvitation: build.query<InvitationDetails, string>({
      query: (token) => ({ url: '/auth/invitation', params: { token } }),
      // A link is looked at once; an answer kept for later could say it still works.
      keepUnusedDataFor: 0,
    }),
    accountsAcceptInvite: build.mutation<AuthResponse, SetPasswordPayload>({
      query: (payload) => ({ url: '/auth/accept-invite', method: 'POST', data: payload }),
    }),
    accountsForgotPassword: build.mutation<{ message: string }, ForgotPasswordPayload>({
      query: (payload) => ({ url: '/auth/forgot-password', method: 'POST', data: payload }),
    }),
    accountsResetPassword: build.mutation<{ message: string }, SetPasswordPayload>({
      query: (payload) => ({ url: '/auth/reset-password', method: 'POST', data: payload }),
    }),
    accountsEmailChange: build.query<EmailChangeDetails, string>({
      query: (token) => ({ url: '/auth/email-change', params: { token } }),
      keepUnusedDataFor: 0,
    }),
    accountsConfirmEmail: build.mutation<AuthResponse, ConfirmEmailPayload>({
      query: (payload) => ({ url: '/auth/confirm-email', method: 'POST', data: payload }),
    }),
    /** A sign-up's mailed link: the address becomes theirs, and they are signed in. */
    accountsVerifyEmail: build.mutation<AuthResponse, { token: string }>({
      query: (payload) => ({ url: '/auth/verify-email', method: 'POST', data: payload }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useAccountsInvitationQuery,
  useAccountsAcceptInviteMutation,
  useAccountsForgotPasswordMutation,
  useAccountsResetPasswordMutation,
  useAccountsEmailChangeQuery,
  useAccountsConfirmEmailMutation,
  useAccountsVerifyEmailMutation,
} = accountsApi;
