// What every page needs (the session's context, the guards). The screens are in ./screens,
// loaded in a chunk of their own (app/publicScreens.tsx): a signed-in page never needs them.
export { AuthProvider, useAuth, AUTH_TEXTS, type AuthContextValue } from './AuthProvider';
export { RequireAuth, PublicOnly } from './guards';
