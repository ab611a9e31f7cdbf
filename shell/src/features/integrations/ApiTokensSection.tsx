import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  ConfirmDialog,
  Form,
  FormActions,
  ResourceTable,
  Select,
  TextField,
  theme,
  useSnackbar,
} from '@duly/shared/ui';
import { apiErrorMessage } from '@duly/shared/core';
import { formatDate } from '@duly/shared/contract';
import {
  useApiTokenCreateMutation,
  useApiTokenRevokeMutation,
  useApiTokensListQuery,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from './api';

const Text = styled.p`
  margin: 0 0 ${theme.space(2)};
  color: ${theme.colors.textSecondary};
`;

const Secret = styled.div`
  margin: ${theme.space(2)} 0;
  padding: ${theme.space(2)};
  border: 1px solid ${theme.colors.border};
`;

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

const when = (iso: string | null, none: string) => (iso ? formatDate(iso) : none);

/**
 * Profile → API tokens (issue 30): named `duly_pat_…` tokens for scripts, shown once, listed
 * with when they were last used, revoked at once. Admins may make tokens that never expire.
 */
export function ApiTokensSection({ role }: { role: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const { data: tokens = [], refetch } = useApiTokensListQuery();
  const [create, { isLoading: creating }] = useApiTokenCreateMutation();
  const [revoke, { isLoading: revoking }] = useApiTokenRevokeMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState('90');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking_, setRevoking] = useState<ApiToken | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const expiries = role === 'admin' ? [...EXPIRIES, { value: 'never', label: 'Never' }] : EXPIRIES;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setNameError(undefined);
    const expiresAt =
      expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
    try {
      setCreated(await create({ name: name.trim(), scope, expires_at: expiresAt }).unwrap());
      setName('');
      void refetch();
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Failed to create the token'), { variant: 'error' });
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      enqueueSnackbar('Token copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy: select the token and copy it', { variant: 'error' });
    }
  }

  async function confirmRevoke() {
    if (!revoking_) return;
    try {
      await revoke(revoking_.id).unwrap();
      enqueueSnackbar(`Token “${revoking_.name}” revoked`, { variant: 'success' });
      if (created?.id === revoking_.id) setCreated(null);
      void refetch();
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Failed to revoke the token'), { variant: 'error' });
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Card title="API tokens">
      <Text>
        Scripts use a token as <code>Authorization: Bearer duly_pat_…</code>. A token acts as you;
        it cannot make tokens or change your password.
      </Text>
      <Form onSubmit={submit} aria-label="Create API token">
        <TextField
          label="Token name"
          required
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        <Select
          label="Access"
          value={scope}
          onChange={(event) => setScope(event.target.value as ApiTokenScope)}
          options={[
            { value: 'read', label: 'Read only' },
            { value: 'read-write', label: 'Read and write' },
          ]}
        />
        <Select
          label="Expires after"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          options={expiries}
        />
        <FormActions>
          <Button type="submit" disabled={creating}>
            {creating ? 'Creating...' : 'Create token'}
          </Button>
        </FormActions>
      </Form>
      {created ? (
        <Secret role="status">
          <Text>Copy this token now: it will not be shown again.</Text>
          <TextField
            label={`New token “${created.name}”`}
            value={created.token}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <FormActions>
            <Button type="button" onClick={copy}>
              Copy token
            </Button>
            <Button type="button" variant="secondary" onClick={() => setCreated(null)}>
              Done
            </Button>
          </FormActions>
        </Secret>
      ) : null}
      <ResourceTable<ApiToken>
        label="Your API tokens"
        items={tokens}
        // Inside the profile's narrow card the table scrolls sideways within it, never past it.
        maxHeight="60vh"
        rowKey={(token) => token.id}
        empty="No API tokens yet."
        columns={[
          { key: 'name', header: 'Name', cell: (token) => token.name, card: 'title' },
          {
            key: 'scope',
            header: 'Access',
            cell: (token) => (token.scope === 'read' ? 'Read only' : 'Read and write'),
          },
          { key: 'created', header: 'Created', cell: (token) => when(token.created_at, '') },
          {
            key: 'last_used',
            header: 'Last used',
            cell: (token) => when(token.last_used_at, 'Never'),
          },
          { key: 'expires', header: 'Expires', cell: (token) => when(token.expires_at, 'Never') },
          {
            key: 'actions',
            header: 'Actions',
            cardLabel: 'Actions',
            cell: (token) => (
              <Button
                type="button"
                size="small"
                variant="danger"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={revoking_ !== null}
        title="Revoke token?"
        message={`Scripts using “${revoking_?.name ?? ''}” stop working at once.`}
        confirmLabel="Revoke"
        confirmVariant="danger"
        pending={revoking}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
