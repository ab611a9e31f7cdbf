// The screens of a visitor who is not signed in (sign-in, sign-up, the one-time links), a chunk
// of their own with their forms (formik, yup): a signed-in page never downloads them.
// bootstrap.tsx loads it before the first render on a public path or without a session, and the
// pre-render (prerender/renderPages.tsx) provides it, so /login is hydrated in the first pass.
import {
  AcceptInviteScreen,
  ConfirmEmailScreen,
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SignupScreen,
  VerifyEmailScreen,
} from '../features/auth/screens';

export const publicScreens = {
  login: LoginScreen,
  signup: SignupScreen,
  acceptInvite: AcceptInviteScreen,
  resetPassword: ResetPasswordScreen,
  confirmEmail: ConfirmEmailScreen,
  verifyEmail: VerifyEmailScreen,
  forgotPassword: ForgotPasswordScreen,
};

export type PublicScreenName = keyof typeof publicScreens;
