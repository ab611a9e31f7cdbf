export { WebhooksScreen } from './WebhooksScreen';
export { WebhookScreen } from './WebhookScreen';
