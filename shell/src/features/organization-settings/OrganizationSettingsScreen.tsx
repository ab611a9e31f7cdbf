import { useId } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  PageHeader,
  ReadOnlyNotice,
  focusRing,
  theme,
  useSnackbar,
} from '@duly/shared/kit';
import { apiErrorMessage, selectCurrentUser, selectRole, useAppSelector } from '@duly/shared/core';
import { useOrganizationSettingsGetQuery, useOrganizationSettingsUpdateMutation } from './api';

export const SETTINGS_TEXTS = {
  title: 'Organisation settings',
  subtitle: 'How Duly works for everyone in your organisation.',
  adminsOnly: 'Only admins can change the organisation’s settings.',
  loading: 'Loading settings...',
  error: 'Error loading settings. Please try again later.',
  documentsTitle: 'Documents',
  approvalLabel: 'Documents from employees need approval',
  approvalHint:
    'When on, a document an employee uploads waits in the approval queue until a manager or ' +
    'an admin approves it, and a renewal changes the certificate’s dates only then. When off, ' +
    'it counts at once.',
  savedOn: 'Documents from employees now need approval',
  savedOff: 'Documents from employees no longer need approval',
} as const;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space(3)};
`;

const Text = styled.div`
  flex: 1 1 auto;
  min-width: 0;

  label {
    display: block;
    font-weight: ${theme.fontWeights.medium};
    cursor: pointer;
  }

  p {
    margin: ${theme.space(0.5, 0, 0)};
    color: ${theme.colors.textSecondary};
  }
`;

/**
 * A switch (a checkbox with role="switch"): a 44 × 24 track, its knob at the right when on.
 * The whole 44 px-high box is the target.
 */
const Switch = styled.input`
  appearance: none;
  flex: 0 0 auto;
  position: relative;
  width: 44px;
  height: 24px;
  margin: 10px 0;
  border-radius: 12px;
  background: ${theme.colors.textSecondary};
  cursor: pointer;
  transition: background ${theme.transitions.normal};

  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${theme.colors.surface};
    transition: transform ${theme.transitions.normal};
  }

  &:checked {
    background: ${theme.colors.primary};
  }

  &:checked::after {
    transform: translateX(20px);
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }

  ${focusRing}
`;

/**
 * /settings/organization (issue 26), from the avatar menu of an admin: the organisation's
 * settings. Today one switch, "Documents from employees need approval" (on by default); a
 * change is saved at once.
 */
export function OrganizationSettingsScreen() {
  const role = useAppSelector(selectRole);
  const user = useAppSelector(selectCurrentUser);
  const organizationId = user?.organization_id ?? '';
  const isAdmin = role === 'admin';
  const query = useOrganizationSettingsGetQuery(organizationId, {
    skip: !isAdmin || !organizationId,
  });
  const [update, { isLoading: saving }] = useOrganizationSettingsUpdateMutation();
  const { enqueueSnackbar } = useSnackbar();
  const switchId = useId();
  const hintId = useId();

  if (!isAdmin) {
    return (
      <>
        <PageHeader title={SETTINGS_TEXTS.title} />
        <ReadOnlyNotice>{SETTINGS_TEXTS.adminsOnly}</ReadOnlyNotice>
      </>
    );
  }

  const change = async (on: boolean) => {
    try {
      await update({ organizationId, changes: { documents_need_approval: on } }).unwrap();
      enqueueSnackbar(on ? SETTINGS_TEXTS.savedOn : SETTINGS_TEXTS.savedOff, {
        variant: 'success',
      });
    } catch (error) {
      console.error('Error saving the organisation settings', error);
      enqueueSnackbar(`Saving failed: ${apiErrorMessage(error, 'please try again.')}`, {
        variant: 'error',
      });
    }
  };

  return (
    <>
      <PageHeader title={SETTINGS_TEXTS.title} subtitle={SETTINGS_TEXTS.subtitle} />
      <Card title={SETTINGS_TEXTS.documentsTitle}>
        {query.isError ? (
          <ErrorState
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {SETTINGS_TEXTS.error}
          </ErrorState>
        ) : !query.data ? (
          <LoadingState>{SETTINGS_TEXTS.loading}</LoadingState>
        ) : (
          <Row>
            <Text>
              <label htmlFor={switchId}>{SETTINGS_TEXTS.approvalLabel}</label>
              <p id={hintId}>{SETTINGS_TEXTS.approvalHint}</p>
            </Text>
            <Switch
              id={switchId}
              type="checkbox"
              role="switch"
              aria-describedby={hintId}
              checked={query.data.documents_need_approval}
              disabled={saving}
              onChange={(event) => void change(event.target.checked)}
            />
          </Row>
        )}
      </Card>
    </>
  );
}
