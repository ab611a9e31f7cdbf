import { StatusBadge } from '@duly/shared/kit';
import type { WebhookDelivery, WebhookEndpoint } from './api';

/** Enabled, failing (since its first failure) or disabled. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) return <StatusBadge color="red">Disabled</StatusBadge>;
  if (endpoint.failing_since) return <StatusBadge color="orange">Failing</StatusBadge>;
  return <StatusBadge color="green">Enabled</StatusBadge>;
}

const DELIVERY_STATUS: Record<
  WebhookDelivery['status'],
  { label: string; color: 'green' | 'red' | 'blue' | 'yellow' }
> = {
  delivered: { label: 'Delivered', color: 'green' },
  pending: { label: 'Waiting', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { label, color } = DELIVERY_STATUS[delivery.status];
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
