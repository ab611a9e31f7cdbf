export { useOrganizationName } from './useOrganizationName';
