// The public screens (app/publicScreens.tsx loads them in a chunk of their own).
export { LoginScreen } from './LoginScreen';
export { SignupScreen } from './SignupScreen';
export { AcceptInviteScreen } from './AcceptInviteScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export { ResetPasswordScreen } from './ResetPasswordScreen';
export { ConfirmEmailScreen } from './ConfirmEmailScreen';
export { VerifyEmailScreen } from './VerifyEmailScreen';
