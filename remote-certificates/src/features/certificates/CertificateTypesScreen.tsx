import { useState } from 'react';
import styled from 'styled-components';
import {
  selectCurrentUser,
  useAppSelector,
  type CertificateType,
  type CertificateTypePayload,
} from '@duly/shared/core';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  ReadOnlyNotice,
  ResourceTable,
  RowButton,
  Stack,
  failureText,
  type ColumnEntry,
} from '@duly/shared/ui';
import {
  useCertificatesTypeCreateMutation,
  useCertificatesTypeDeleteMutation,
  useCertificatesTypeLinkMutation,
  useCertificatesTypeUpdateMutation,
  useCertificatesTypesQuery,
} from './api';
import { CertificateTypeForm } from './components/CertificateTypeForm';
import { theme, useSnackbar } from '@duly/shared/kit';

const Actions = styled.div`
  display: flex;
  gap: ${theme.space(1)};
`;

function requiredText(type: CertificateType): string {
  const { everyone, roles, departments } = type.required_for;
  if (everyone) return 'Everyone';
  const parts = [
    ...roles.map((role) => role.charAt(0).toUpperCase() + role.slice(1)),
    ...departments,
  ];
  return parts.length > 0 ? parts.join(', ') : 'Optional';
}

/** What the catalogue says at its top to a manager or an employee (issue 33 item 4). */
export const CERTIFICATE_TYPES_READ_ONLY = 'Only admins can add or change certificate types.';

/**
 * /certificate-types (issue 28, admins edit; others read): the catalogue, a form to add or
 * change a type, "Link certificates" (certificates named like the type get it) and Delete
 * (refused with the API's message while certificates are of the type).
 */
export function CertificateTypesScreen() {
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'admin';
  const query = useCertificatesTypesQuery();
  const [create] = useCertificatesTypeCreateMutation();
  const [update] = useCertificatesTypeUpdateMutation();
  const [remove] = useCertificatesTypeDeleteMutation();
  const [link] = useCertificatesTypeLinkMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<CertificateType | null>(null);
  const [doomed, setDoomed] = useState<CertificateType | null>(null);

  const attempt = async (work: () => Promise<string>, failure: string) => {
    try {
      enqueueSnackbar(await work(), { variant: 'success' });
      return true;
    } catch (error) {
      enqueueSnackbar(failureText(failure)(error), { variant: 'error' });
      return false;
    }
  };

  const save = async (payload: CertificateTypePayload) => {
    const target = editing;
    await attempt(async () => {
      if (target) await update({ id: target.id, changes: payload }).unwrap();
      else await create(payload).unwrap();
      setEditing(null);
      return target ? 'Certificate type saved' : 'Certificate type added';
    }, 'Error saving certificate type');
  };

  const columns: ColumnEntry<CertificateType>[] = [
    { key: 'name', header: 'Name', cell: (type) => type.name, wrap: true, card: 'title' },
    {
      key: 'validity',
      header: 'Validity',
      cell: (type) => (type.validity_months ? `${type.validity_months} months` : 'Does not expire'),
    },
    {
      key: 'offsets',
      header: 'Reminders',
      cell: (type) => `${type.reminder_offsets.join(', ')} days before`,
    },
    { key: 'required', header: 'Required for', cell: requiredText, wrap: true },
    { key: 'count', header: 'Certificates', cell: (type) => type.certificate_count, numeric: true },
    isAdmin && {
      key: 'actions',
      header: 'Actions',
      card: 'action',
      cell: (type) => (
        <Actions>
          <RowButton label={`Edit ${type.name}`} onClick={() => setEditing(type)}>
            Edit
          </RowButton>
          <RowButton
            label={`Link certificates named ${type.name}`}
            onClick={() =>
              void attempt(async () => {
                const { linked } = await link(type.id).unwrap();
                return `${linked} ${linked === 1 ? 'certificate' : 'certificates'} linked to ${type.name}`;
              }, 'Error linking certificates')
            }
          >
            Link certificates
          </RowButton>
          <RowButton label={`Delete ${type.name}`} onClick={() => setDoomed(type)}>
            Delete
          </RowButton>
        </Actions>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Certificate types" subtitle="What each role and department must hold" />
      {isAdmin ? null : <ReadOnlyNotice>{CERTIFICATE_TYPES_READ_ONLY}</ReadOnlyNotice>}
      <Stack>
        {query.isLoading ? (
          <LoadingState>Loading certificate types...</LoadingState>
        ) : query.isError ? (
          <ErrorState
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            Error loading certificate types. Please try again later.
          </ErrorState>
        ) : (
          <ResourceTable
            title="Certificate types"
            items={query.data ?? []}
            columns={columns}
            empty={<EmptyState>No certificate types yet</EmptyState>}
          />
        )}
        {isAdmin ? (
          <Card>
            <h2>{editing ? `Edit ${editing.name}` : 'Add a certificate type'}</h2>
            <CertificateTypeForm
              key={editing?.id ?? 'new'}
              type={editing ?? undefined}
              onSubmit={save}
              onCancel={editing ? () => setEditing(null) : undefined}
            />
          </Card>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete certificate type"
        message={`Are you sure you want to delete "${doomed?.name ?? ''}"?`}
        confirmLabel="Delete"
        confirmVariant="danger"
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          const target = doomed;
          setDoomed(null);
          if (target) {
            void attempt(async () => {
              await remove(target.id).unwrap();
              return 'Certificate type deleted';
            }, 'Error deleting certificate type');
          }
        }}
      />
    </>
  );
}
