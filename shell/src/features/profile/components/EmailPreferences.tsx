import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, ErrorState, LoadingState, theme, useSnackbar } from '@duly/shared/kit';
import { NOTIFICATION_KINDS, type NotificationKind } from '@duly/shared/core';
import {
  useNotificationsEmailPreferencesQuery,
  useNotificationsSetEmailPreferencesMutation,
} from '../emailPreferencesApi';
import { EMAIL_KIND_LABELS } from '../emailKinds';

export const EMAIL_PREFERENCES_TEXTS = {
  title: 'Email notifications',
  intro: 'Choose which emails Duly sends you. Every notice still appears under the bell.',
  loading: 'Loading your email settings…',
  failed: 'Could not load your email settings.',
  retry: 'Retry',
  saved: 'Email settings saved',
  saveFailed: 'Could not save your email settings. Please try again.',
} as const;

const Intro = styled.p`
  margin: ${theme.space(0, 0, 2)};
  color: ${theme.colors.textSecondary};
`;

const Switches = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-width: ${theme.layout.formMaxWidth};
`;

const SwitchRow = styled.li`
  border-top: 1px solid ${theme.colors.divider};
`;

const SwitchLabel = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
  padding: ${theme.space(1.5, 0)};
  cursor: pointer;
`;

const LabelText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Hint = styled.span`
  font-size: ${theme.fontSizes.caption};
  color: ${theme.colors.textSecondary};
`;

/** A checkbox drawn as a switch: the track, and its knob moved by the checked state. */
const SwitchInput = styled.input`
  appearance: none;
  flex-shrink: 0;
  position: relative;
  width: 40px;
  height: 22px;
  margin: 0;
  border-radius: 11px;
  background: ${theme.colors.border};
  cursor: pointer;
  transition: background ${theme.transitions.fast};

  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${theme.colors.surface};
    transition: transform ${theme.transitions.fast};
  }

  &:checked {
    background: ${theme.colors.primary};
  }
  &:checked::after {
    transform: translateX(18px);
  }
  &:disabled {
    cursor: progress;
    opacity: 0.6;
  }
  &:focus-visible {
    outline: ${theme.focusRing.width} solid ${theme.focusRing.color};
    outline-offset: ${theme.focusRing.offset};
  }
`;

/**
 * The profile page's "Email notifications" section: one switch per kind of email. A switch
 * saves as soon as it is flipped (PUT /profile/email-preferences) and says so in a toast; a
 * failed save puts the switch back.
 */
export function EmailPreferences() {
  const { data, isLoading, isError, refetch } = useNotificationsEmailPreferencesQuery();
  const [save] = useNotificationsSetEmailPreferencesMutation();
  const { enqueueSnackbar } = useSnackbar();
  /** The switches being saved, at the value the person chose. */
  const [pending, setPending] = useState<Partial<Record<NotificationKind, boolean>>>({});

  const toggle = async (kind: NotificationKind, event: ChangeEvent<HTMLInputElement>) => {
    const on = event.target.checked;
    setPending((current) => ({ ...current, [kind]: on }));
    try {
      await save({ [kind]: on }).unwrap();
      enqueueSnackbar(EMAIL_PREFERENCES_TEXTS.saved, { variant: 'success' });
    } catch {
      enqueueSnackbar(EMAIL_PREFERENCES_TEXTS.saveFailed, { variant: 'error' });
    } finally {
      setPending(({ [kind]: _done, ...rest }) => rest);
    }
  };

  let content;
  if (isLoading) {
    content = <LoadingState>{EMAIL_PREFERENCES_TEXTS.loading}</LoadingState>;
  } else if (isError || !data) {
    content = (
      <ErrorState
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            {EMAIL_PREFERENCES_TEXTS.retry}
          </Button>
        }
      >
        {EMAIL_PREFERENCES_TEXTS.failed}
      </ErrorState>
    );
  } else {
    content = (
      <>
        <Intro>{EMAIL_PREFERENCES_TEXTS.intro}</Intro>
        <Switches>
          {NOTIFICATION_KINDS.map((kind) => {
            const { label, hint } = EMAIL_KIND_LABELS[kind];
            const saving = kind in pending;
            return (
              <SwitchRow key={kind}>
                <SwitchLabel>
                  <LabelText>
                    {label}
                    <Hint>{hint}</Hint>
                  </LabelText>
                  <SwitchInput
                    type="checkbox"
                    role="switch"
                    checked={pending[kind] ?? data[kind]}
                    disabled={saving}
                    onChange={(event) => void toggle(kind, event)}
                  />
                </SwitchLabel>
              </SwitchRow>
            );
          })}
        </Switches>
      </>
    );
  }

  return <Card title={EMAIL_PREFERENCES_TEXTS.title}>{content}</Card>;
}
