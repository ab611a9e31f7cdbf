export { OrganizationSettingsScreen } from './OrganizationSettingsScreen';
