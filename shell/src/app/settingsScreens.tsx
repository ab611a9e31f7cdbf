// The signed-in screens a list or dashboard never needs: the profile (its forms: formik, the
// account schemas), the organisation's settings and the webhooks (the date helpers). A chunk of
// their own (SignedInScreen.tsx), so /tasks downloads none of them.
import { ProfileScreen } from '../features/profile';
import { OrganizationSettingsScreen } from '../features/organization-settings';
import { WebhookScreen, WebhooksScreen } from '../features/webhooks';

export const settingsScreens = {
  profile: ProfileScreen,
  organizationSettings: OrganizationSettingsScreen,
  webhooks: WebhooksScreen,
  webhook: WebhookScreen,
};

export type SettingsScreenName = keyof typeof settingsScreens;
