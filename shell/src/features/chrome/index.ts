export { AppLayout, type AppLayoutProps } from './AppLayout';
export { type NavEntry } from './navigation';
