import { Route, Routes } from 'react-router-dom';
import { PublicOnly, RequireAuth } from '../features/auth';
import { PublicScreen } from './PublicScreen';
import { SettingsScreen, SignedInScreen } from './SignedInScreen';

/**
 * The shell's routes (ARCHITECTURE 2): public sign-in pages, then the chrome around the rest;
 * every other path goes to the remote that owns it (config.json) or is "Page not found". The
 * public and the signed-in screens are chunks of their own (PublicScreen.tsx, SignedInScreen.tsx).
 */
export function App() {
  const dashboard = <SignedInScreen name="dashboard" />;
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <PublicScreen name="login" />
          </PublicOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <PublicOnly>
            <PublicScreen name="signup" />
          </PublicOnly>
        }
      />
      {/* The one-time links work whoever is signed in on this browser: accepting an
          invitation or confirming a new email signs its person in instead. */}
      <Route path="/accept-invite" element={<PublicScreen name="acceptInvite" />} />
      <Route path="/reset-password" element={<PublicScreen name="resetPassword" />} />
      <Route path="/confirm-email" element={<PublicScreen name="confirmEmail" />} />
      <Route path="/verify-email" element={<PublicScreen name="verifyEmail" />} />
      <Route
        path="/forgot-password"
        element={
          <PublicOnly>
            <PublicScreen name="forgotPassword" />
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
        <Route path="profile" element={<SettingsScreen name="profile" />} />
        <Route
          path="settings/organization"
          element={<SettingsScreen name="organizationSettings" />}
        />
        <Route path="settings/webhooks" element={<SettingsScreen name="webhooks" />} />
        <Route path="settings/webhooks/:id" element={<SettingsScreen name="webhook" />} />
        <Route path="*" element={<SignedInScreen name="remoteOrNotFound" />} />
      </Route>
    </Routes>
  );
}
