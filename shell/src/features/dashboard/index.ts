export {
  DashboardScreen,
  DASHBOARD_ERROR_TEXT,
  type DashboardScreenProps,
} from './DashboardScreen';
