import {
  baseApi,
  type AuthResponse,
  type PasswordChangePayload,
  type Profile,
  type ProfileNamePayload,
} from '@duly/shared/core';

/**
 * The signed-in person's own account (issue 14). Both changes answer `{ token, user }`: the
 * screen puts the token in place (`sessionRenewed`), so the top bar follows the new name and
 * a password change keeps this session while it ends the others.
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    profileGet: build.query<Profile, void>({
      query: () => ({ url: '/profile/', method: 'GET' }),
    }),
    profileUpdateName: build.mutation<AuthResponse, ProfileNamePayload>({
      query: (payload) => ({ url: '/profile/', method: 'PATCH', data: payload }),
      // The profile shown follows the new name without a second request.
      async onQueryStarted(_payload, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            profileApi.util.updateQueryData('profileGet', undefined, (profile) => {
              profile.full_name = data.user.full_name;
            }),
          );
        } catch {
          // The screen reports the failure (it awaits the same mutation).
        }
      },
    }),
    profileChangePassword: build.mutation<AuthResponse, PasswordChangePayload>({
      query: (payload) => ({ url: '/profile/password', method: 'PUT', data: payload }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useProfileGetQuery,
  useProfileUpdateNameMutation,
  useProfileChangePasswordMutation,
} = profileApi;
