export { AuthProvider, useAuth, AUTH_TEXTS, type AuthContextValue } from './AuthProvider';
export { RequireAuth, PublicOnly } from './guards';
export { LoginScreen } from './LoginScreen';
export { SignupScreen } from './SignupScreen';
export { AcceptInviteScreen } from './AcceptInviteScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export { ResetPasswordScreen } from './ResetPasswordScreen';
export { ConfirmEmailScreen } from './ConfirmEmailScreen';
export { VerifyEmailScreen } from './VerifyEmailScreen';
