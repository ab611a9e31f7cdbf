import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  parseReminderOffsets,
  reminderOffsetsProblem,
  validityMonthsProblem,
} from '@duly/shared/core';
import { ROLES, type CertificateType, type CertificateTypePayload } from '@duly/shared/core';
import { Button, TextField } from '@duly/shared/kit';
import { bindState, Form, FormActions } from '@duly/shared/form-kit';
import { theme } from '@duly/shared/kit';

const Group = styled.fieldset`
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.control};
  padding: ${theme.space(1, 2)};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
`;

export interface CertificateTypeFormProps {
  /** The type edited; none: a new type. */
  type?: CertificateType;
  onSubmit: (payload: CertificateTypePayload) => Promise<void>;
  onCancel?: () => void;
}

/**
 * A certificate type (issue 28): name, description, validity in months (empty: does not
 * expire), reminder offsets, the reminder after expiry, and who must hold it. The offsets and
 * validity follow @duly/shared's rules, the API's own.
 */
export function CertificateTypeForm({ type, onSubmit, onCancel }: CertificateTypeFormProps) {
  const [name, setName] = useState(type?.name ?? '');
  const [description, setDescription] = useState(type?.description ?? '');
  const [validity, setValidity] = useState(type?.validity_months?.toString() ?? '');
  const [offsets, setOffsets] = useState((type?.reminder_offsets ?? [30, 7]).join(', '));
  const [afterExpiry, setAfterExpiry] = useState(type?.remind_after_expiry ?? false);
  const [everyone, setEveryone] = useState(type?.required_for.everyone ?? false);
  const [roles, setRoles] = useState<string[]>(type?.required_for.roles ?? []);
  const [departments, setDepartments] = useState((type?.required_for.departments ?? []).join(', '));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const validityMonths = validity.trim() === '' ? null : Number(validity);
  const errors = {
    name: name.trim() === '' ? 'Name is required' : undefined,
    validity: validityMonthsProblem(validityMonths) ?? undefined,
    offsets: reminderOffsetsProblem(parseReminderOffsets(offsets)) ?? undefined,
  };
  const shown = (message: string | undefined, label: string) =>
    tried && message ? (message.startsWith(label) ? message : `${label} ${message}`) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.name || errors.validity || errors.offsets) return;
    setBusy(true);
    try {
      await onSubmit({
        name: name.trim(),
        description: description.trim() || null,
        validity_months: validityMonths,
        reminder_offsets: parseReminderOffsets(offsets),
        remind_after_expiry: afterExpiry,
        required_for: {
          everyone,
          roles: ROLES.filter((role) => roles.includes(role)),
          departments: departments
            .split(',')
            .map((department) => department.trim())
            .filter(Boolean),
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-busy={busy} noValidate>
      <TextField
        label="Name"
        required
        {...bindState(name, setName)}
        error={shown(errors.name, 'Name')}
      />
      <TextField label="Description" {...bindState(description, setDescription)} />
      <TextField
        label="Validity (months)"
        hint="Empty when it does not expire"
        inputMode="numeric"
        {...bindState(validity, setValidity)}
        error={shown(errors.validity, 'Validity')}
      />
      <TextField
        label="Reminder days before expiry"
        hint="Up to 5, separated by commas, for example 60, 14"
        {...bindState(offsets, setOffsets)}
        error={shown(errors.offsets, 'Reminder days')}
      />
      <Check>
        <input
          type="checkbox"
          checked={afterExpiry}
          onChange={(event) => setAfterExpiry(event.target.checked)}
        />
        Remind again after expiry
      </Check>
      <Group>
        <legend>Required for</legend>
        <Check>
          <input
            type="checkbox"
            checked={everyone}
            onChange={(event) => setEveryone(event.target.checked)}
          />
          Everyone
        </Check>
        {ROLES.map((role) => (
          <Check key={role}>
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(event) =>
                setRoles(event.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
              }
            />
            Role: {role.charAt(0).toUpperCase() + role.slice(1)}
          </Check>
        ))}
        <TextField
          label="Departments"
          hint="Separated by commas, for example Operations"
          {...bindState(departments, setDepartments)}
        />
      </Group>
      <FormActions>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {type ? 'Save Type' : 'Add Type'}
        </Button>
      </FormActions>
    </Form>
  );
}
