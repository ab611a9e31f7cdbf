import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Card,
  ConfirmDialog,
  DetailFields,
  ItemScreen,
  PageHeader,
  ReadOnlyNotice,
  ResourceTable,
  Stack,
  useSnackbar,
} from '@duly/shared/ui';
import { apiErrorMessage, selectRole, useAppSelector } from '@duly/shared/core';
import { formatDateTime } from '@duly/shared/dates';
import {
  useWebhookDeliveriesQuery,
  useWebhookRedeliverMutation,
  useWebhooksDeleteMutation,
  useWebhooksGetQuery,
  useWebhooksUpdateMutation,
  useWebhookTestMutation,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './api';
import { EVENT_LABELS, FORMAT_LABELS, WEBHOOK_TEXTS as TEXTS } from './texts';
import { DeliveryStatus, EndpointStatus } from './WebhookStatus';

const Answer = styled.span`
  display: block;
  max-width: 32ch;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-family: monospace;
`;

/** While a delivery waits or is being sent, the log asks again every few seconds. */
const POLL_MS = 3000;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { enqueueSnackbar } = useSnackbar();
  const [waiting, setWaiting] = useState(false);
  const log = useWebhookDeliveriesQuery(endpoint.id, { pollingInterval: waiting ? POLL_MS : 0 });
  const [redeliver, redelivering] = useWebhookRedeliverMutation();
  const items = log.data ?? [];
  const anyWaiting = items.some((item) => item.status === 'pending' || item.status === 'sending');
  if (anyWaiting !== waiting) setWaiting(anyWaiting);

  const again = async (delivery: WebhookDelivery) => {
    try {
      await redeliver({ id: endpoint.id, deliveryId: delivery.id }).unwrap();
      enqueueSnackbar(TEXTS.redelivered, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Could not send it again'), { variant: 'error' });
    }
    void log.refetch();
  };

  return (
    <Card flush title={TEXTS.logTitle}>
      <ResourceTable
        label={TEXTS.logTitle}
        items={items}
        empty={log.isLoading ? 'Loading deliveries...' : TEXTS.logEmpty}
        columns={[
          { key: 'event', header: 'Event', cell: (delivery) => delivery.event, card: 'title' },
          {
            key: 'status',
            header: 'Status',
            cell: (delivery) => <DeliveryStatus delivery={delivery} />,
          },
          {
            key: 'response',
            header: 'Response',
            cell: (delivery) =>
              delivery.response_status !== null
                ? String(delivery.response_status)
                : (delivery.last_error ?? ''),
            wrap: true,
          },
          {
            key: 'duration',
            header: 'Duration',
            cell: (delivery) => (delivery.duration_ms === null ? '' : `${delivery.duration_ms} ms`),
            numeric: true,
          },
          {
            key: 'sent',
            header: 'Sent',
            cell: (delivery) => formatDateTime(delivery.last_attempt_at),
          },
          {
            key: 'answer',
            header: 'Answer',
            cell: (delivery) => (
              <Answer title={delivery.response_body ?? undefined}>
                {delivery.response_body ?? ''}
              </Answer>
            ),
          },
          {
            key: 'redeliver',
            header: 'Actions',
            cell: (delivery) => (
              <Button
                type="button"
                size="small"
                variant="secondary"
                disabled={redelivering.isLoading || !endpoint.enabled}
                aria-label={`${TEXTS.redeliver} ${delivery.event} ${delivery.id}`}
                onClick={() => void again(delivery)}
              >
                {TEXTS.redeliver}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** /settings/webhooks/:id (admins): one endpoint, its delivery log, a test, a redelivery. */
export function WebhookScreen() {
  const { id = '' } = useParams();
  const role = useAppSelector(selectRole);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const query = useWebhooksGetQuery(id, { skip: role !== 'admin' });
  const log = useWebhookDeliveriesQuery(id, { skip: role !== 'admin' });
  const [sendTest, testing] = useWebhookTestMutation();
  const [update, updating] = useWebhooksUpdateMutation();
  const [remove, removing] = useWebhooksDeleteMutation();
  const [confirming, setConfirming] = useState(false);

  const test = async () => {
    try {
      const delivery = await sendTest(id).unwrap();
      enqueueSnackbar(
        delivery.status === 'delivered'
          ? `${TEXTS.testSent}: ${delivery.response_status}`
          : `${TEXTS.testSent}: ${delivery.last_error ?? delivery.status}`,
        { variant: delivery.status === 'delivered' ? 'success' : 'warning' },
      );
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Could not send the test'), { variant: 'error' });
    }
    void log.refetch();
  };

  const toggle = async (endpoint: WebhookEndpoint) => {
    try {
      await update({ id, enabled: !endpoint.enabled }).unwrap();
      void query.refetch();
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Could not change the webhook'), { variant: 'error' });
    }
  };

  const confirmDelete = async () => {
    try {
      await remove(id).unwrap();
      enqueueSnackbar(TEXTS.deleted, { variant: 'success' });
      navigate('/settings/webhooks');
    } catch (error) {
      setConfirming(false);
      enqueueSnackbar(apiErrorMessage(error, 'Could not delete the webhook'), { variant: 'error' });
    }
  };

  // Another role is told why, not that the webhook is not found (issue 33 item 4).
  if (role !== 'admin') {
    return (
      <>
        <PageHeader title="Webhook" />
        <ReadOnlyNotice>{TEXTS.adminsOnly}</ReadOnlyNotice>
      </>
    );
  }

  return (
    <ItemScreen
      query={query}
      title="Webhook"
      heading={(endpoint) => ({ title: 'Webhook', subtitle: endpoint.url })}
      texts={{ loading: TEXTS.itemLoading, notFound: TEXTS.notFound, error: TEXTS.itemError }}
      back={{ to: '/settings/webhooks', label: TEXTS.back }}
      actions={(endpoint) => (
        <>
          <Button
            type="button"
            onClick={() => void test()}
            disabled={testing.isLoading || !endpoint.enabled}
          >
            {testing.isLoading ? 'Sending...' : TEXTS.sendTest}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => void toggle(endpoint)}
            disabled={updating.isLoading}
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </>
      )}
    >
      {(endpoint) => (
        <Stack>
          <Card title="Details">
            <DetailFields
              fields={[
                { label: 'URL', value: endpoint.url },
                endpoint.description ? { label: 'Description', value: endpoint.description } : null,
                { label: 'Format', value: FORMAT_LABELS[endpoint.format] ?? endpoint.format },
                {
                  label: 'Events',
                  value: endpoint.events.map((event) => EVENT_LABELS[event] ?? event).join(', '),
                },
                { label: 'Status', value: <EndpointStatus endpoint={endpoint} /> },
                endpoint.disabled_reason
                  ? { label: 'Why disabled', value: endpoint.disabled_reason }
                  : null,
                endpoint.failing_since
                  ? {
                      label: 'Failing since',
                      value: formatDateTime(endpoint.failing_since),
                    }
                  : null,
                { label: 'Added', value: formatDateTime(endpoint.created_at) },
              ]}
            />
          </Card>
          <DeliveryLog endpoint={endpoint} />
          <ConfirmDialog
            open={confirming}
            title={TEXTS.deleteTitle}
            message={TEXTS.deleteMessage}
            confirmLabel="Delete"
            confirmVariant="danger"
            pending={removing.isLoading}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void confirmDelete()}
          />
        </Stack>
      )}
    </ItemScreen>
  );
}
