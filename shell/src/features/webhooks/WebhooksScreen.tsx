import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  PageHeader,
  ReadOnlyNotice,
  ResourceTable,
  Stack,
  Select,
  TextField,
  theme,
  useSnackbar,
} from '@duly/shared/kit';
import { bindState, Form, FormActions } from '@duly/shared/form-kit';
import { apiErrorMessage, selectRole, useAppSelector } from '@duly/shared/core';
import { formatDateTime } from '@duly/shared/dates';
import {
  WEBHOOK_EVENTS,
  useWebhooksCreateMutation,
  useWebhooksListQuery,
  type NewWebhookEndpoint,
  type WebhookEvent,
  type WebhookFormat,
} from './api';
import { EVENT_LABELS, FORMAT_LABELS, WEBHOOK_TEXTS as TEXTS } from './texts';
import { EndpointStatus } from './WebhookStatus';

const Events = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${theme.space(1, 2)};

  legend {
    padding: 0;
    margin-bottom: ${theme.space(1)};
    font-weight: 500;
  }

  label {
    display: flex;
    align-items: center;
    gap: ${theme.space(1)};
    min-height: 44px;
  }

  input {
    width: 18px;
    height: 18px;
  }
`;

const FieldError = styled.p`
  margin: 0;
  color: ${theme.colors.error};
`;

const Secret = styled.code`
  display: block;
  overflow-wrap: anywhere;
  padding: ${theme.space(1.5)};
  margin: ${theme.space(2, 0)};
  background: ${theme.colors.background};
  border-radius: 4px;
  font-size: 0.95rem;
`;

/** Adds an endpoint: its URL, a description and the events it hears. */
function AddWebhook({
  onCreated,
  onCancel,
}: {
  onCreated: (created: NewWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [create, { isLoading }] = useWebhooksCreateMutation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('standard');
  const [events, setEvents] = useState<WebhookEvent[]>(
    WEBHOOK_EVENTS.filter((event) => event !== 'ping'),
  );
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const toggle = (event: WebhookEvent) =>
    setEvents((chosen) =>
      chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event],
    );

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const found: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = 'Enter an http(s) URL';
    if (events.length === 0) found.events = 'Choose at least one event';
    setErrors(found);
    if (found.url || found.events) return;
    try {
      const created = await create({
        url: url.trim(),
        events,
        description: description.trim() || null,
        format,
      }).unwrap();
      enqueueSnackbar(TEXTS.created, { variant: 'success' });
      onCreated(created);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, TEXTS.createFailed), { variant: 'error' });
    }
  };

  return (
    <Card title={TEXTS.add}>
      <Form onSubmit={submit} aria-label={TEXTS.add} noValidate>
        <TextField
          label="Endpoint URL"
          type="url"
          required
          {...bindState(url, setUrl)}
          error={errors.url}
          hint="https in production; private and local addresses are refused"
        />
        <TextField label="Description" {...bindState(description, setDescription)} />
        <Select
          label="Format"
          value={format}
          onChange={(change) => setFormat(change.target.value as WebhookFormat)}
          options={(Object.keys(FORMAT_LABELS) as WebhookFormat[]).map((value) => ({
            value,
            label: FORMAT_LABELS[value],
          }))}
        />
        <Events aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event}>
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={() => toggle(event)}
              />
              {EVENT_LABELS[event]}
            </label>
          ))}
        </Events>
        {errors.events ? (
          <FieldError id="webhook-events-error" role="alert">
            {errors.events}
          </FieldError>
        ) : null}
        <FormActions>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Adding...' : TEXTS.add}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** The secret of the endpoint just added: shown here once. */
function ShowSecret({ created, onDone }: { created: NewWebhookEndpoint; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    await navigator.clipboard?.writeText(created.secret);
    enqueueSnackbar(TEXTS.copied, { variant: 'success' });
  };
  return (
    <Card title={TEXTS.secretTitle}>
      <p>{TEXTS.secretHint}</p>
      <Secret>{created.secret}</Secret>
      <FormActions>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </FormActions>
    </Card>
  );
}

/** /settings/webhooks (admins): the organisation's endpoints, and adding one. */
export function WebhooksScreen() {
  const role = useAppSelector(selectRole);
  const navigate = useNavigate();
  const query = useWebhooksListQuery(undefined, { skip: role !== 'admin' });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<NewWebhookEndpoint | null>(null);

  if (role !== 'admin') {
    return (
      <>
        <PageHeader title={TEXTS.title} />
        <ReadOnlyNotice>{TEXTS.adminsOnly}</ReadOnlyNotice>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={TEXTS.title}
        subtitle={TEXTS.subtitle}
        actions={
          adding || created ? undefined : (
            <Button type="button" onClick={() => setAdding(true)}>
              {TEXTS.add}
            </Button>
          )
        }
      />
      <Stack>
        {adding ? (
          <AddWebhook
            onCancel={() => setAdding(false)}
            onCreated={(endpoint) => {
              setAdding(false);
              setCreated(endpoint);
              void query.refetch();
            }}
          />
        ) : null}
        {created ? (
          <ShowSecret
            created={created}
            onDone={() => navigate(`/settings/webhooks/${created.id}`)}
          />
        ) : null}
        {query.isLoading ? (
          <LoadingState>{TEXTS.loading}</LoadingState>
        ) : query.error || !query.data ? (
          <ErrorState
            action={
              <Button type="button" variant="secondary" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {TEXTS.error}
          </ErrorState>
        ) : (
          <Card flush>
            <ResourceTable
              label={TEXTS.title}
              items={query.data}
              empty={TEXTS.empty}
              rowLink={(endpoint) => `/settings/webhooks/${endpoint.id}`}
              columns={[
                {
                  key: 'url',
                  header: 'URL',
                  cell: (endpoint) => endpoint.url,
                  wrap: true,
                  card: 'title',
                },
                {
                  key: 'description',
                  header: 'Description',
                  cell: (endpoint) => endpoint.description ?? '',
                  wrap: true,
                },
                {
                  key: 'events',
                  header: 'Events',
                  cell: (endpoint) => `${endpoint.events.length} of ${WEBHOOK_EVENTS.length}`,
                },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (endpoint) => <EndpointStatus endpoint={endpoint} />,
                },
                {
                  key: 'created',
                  header: 'Added',
                  cell: (endpoint) => formatDateTime(endpoint.created_at),
                },
              ]}
            />
          </Card>
        )}
      </Stack>
    </>
  );
}
