export { ApiTokensSection } from './ApiTokensSection';
export { CalendarSection } from './CalendarSection';
