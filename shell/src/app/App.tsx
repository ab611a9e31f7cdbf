import { Route, Routes } from 'react-router-dom';
import {
  AcceptInviteScreen,
  ConfirmEmailScreen,
  ForgotPasswordScreen,
  LoginScreen,
  PublicOnly,
  RequireAuth,
  ResetPasswordScreen,
  SignupScreen,
  VerifyEmailScreen,
} from '../features/auth';
import { SignedInScreen } from './SignedInScreen';

/**
 * The shell's routes (ARCHITECTURE 2): public sign-in pages, then the chrome around the rest;
 * every other path goes to the remote that owns it (config.json) or is "Page not found". The
 * signed-in screens are a chunk of their own (SignedInScreen.tsx).
 */
export function App() {
  const dashboard = <SignedInScreen name="dashboard" />;
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <LoginScreen />
          </PublicOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <PublicOnly>
            <SignupScreen />
          </PublicOnly>
        }
      />
      {/* The one-time links work whoever is signed in on this browser: accepting an
          invitation or confirming a new email signs its person in instead. */}
      <Route path="/accept-invite" element={<AcceptInviteScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="/confirm-email" element={<ConfirmEmailScreen />} />
      <Route path="/verify-email" element={<VerifyEmailScreen />} />
      <Route
        path="/forgot-password"
        element={
          <PublicOnly>
            <ForgotPasswordScreen />
          </PublicOnly>
        }
      />
      <Route
        element={
          <RequireAuth>
            <SignedInScreen name="layout" />
          </RequireAuth>
        }
      >
        <Route index element={dashboard} />
        <Route path="dashboard" element={dashboard} />
        <Route path="profile" element={<SignedInScreen name="profile" />} />
        <Route
          path="settings/organization"
          element={<SignedInScreen name="organizationSettings" />}
        />
        <Route path="settings/webhooks" element={<SignedInScreen name="webhooks" />} />
        <Route path="settings/webhooks/:id" element={<SignedInScreen name="webhook" />} />
        <Route path="*" element={<SignedInScreen name="remoteOrNotFound" />} />
      </Route>
    </Routes>
  );
}
