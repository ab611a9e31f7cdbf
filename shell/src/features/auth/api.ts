import {
  baseApi,
  type AuthResponse,
  type LoginPayload,
  type SignupPayload,
} from '@duly/shared/core';

/** Sign-in and sign-up (spec 7). Both answer `{ token, user }`. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    authLogin: build.mutation<AuthResponse, LoginPayload>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', data: credentials }),
    }),
    authSignup: build.mutation<AuthResponse, SignupPayload>({
      query: (payload) => ({ url: '/auth/signup', method: 'POST', data: payload }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAuthLoginMutation, useAuthSignupMutation } = authApi;
