import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Select, TextField, theme, useSnackbar } from '@duly/shared/kit';
import { FormActions } from '@duly/shared/form-kit';
import { apiErrorMessage, roleAtLeast } from '@duly/shared/core';
import { useCalendarUrlCreateMutation, useCalendarUrlGetQuery, type CalendarScope } from './api';

const Text = styled.p`
  margin: 0 0 ${theme.space(2)};
  color: ${theme.colors.textSecondary};
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  margin: ${theme.space(1)} 0 0;
`;

/** `webcal:` for Google's "add by URL", which fetches the feed itself. */
export function subscribeLinks(url: string) {
  const webcal = url.replace(/^https?:/, 'webcal:');
  return {
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent('Duly')}`,
  };
}

/**
 * Profile → Calendar (issue 30): a private subscription URL of one's deadlines, shown with
 * copy and subscribe links whenever the profile opens; making a new one stops the old.
 */
export function CalendarSection({ role }: { role: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const { data } = useCalendarUrlGetQuery();
  const [create, { isLoading }] = useCalendarUrlCreateMutation();
  const [made, setMade] = useState<string | null>(null);
  const url = made ?? data?.url ?? null;
  const mayChoose = roleAtLeast(role, 'manager');
  const [chosenScope, setScope] = useState<CalendarScope | null>(null);
  // The choice starts at what the current URL shows: regenerating keeps it unless changed.
  const scope = chosenScope ?? data?.scope ?? 'mine';
  const exists = url !== null || Boolean(data?.scope);

  async function makeUrl() {
    try {
      const answer = await create(scope).unwrap();
      setMade(answer.url);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Failed to create the calendar URL'), {
        variant: 'error',
      });
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar('Calendar URL copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy: select the URL and copy it', { variant: 'error' });
    }
  }

  const links = url ? subscribeLinks(url) : null;
  return (
    <Card title="Calendar">
      <Text>
        Subscribe to your open tasks and your certificates’ expiry and reminder dates in your
        calendar app. Anyone with the URL can read it: keep it private.
      </Text>
      {mayChoose ? (
        <Select
          label="Show"
          value={scope}
          onChange={(event) => setScope(event.target.value as CalendarScope)}
          options={[
            { value: 'mine', label: 'My deadlines' },
            { value: 'organization', label: 'The whole organisation' },
          ]}
        />
      ) : null}
      {url && links ? (
        <>
          <TextField label="Calendar URL" value={url} readOnly onFocus={(e) => e.target.select()} />
          <Links>
            <a href={links.google} target="_blank" rel="noreferrer">
              Add to Google Calendar
            </a>
            <a href={links.outlook} target="_blank" rel="noreferrer">
              Add to Outlook
            </a>
          </Links>
        </>
      ) : exists ? (
        <Text>
          Your calendar URL was made before a change of Duly’s security key and cannot be shown. It
          keeps working; regenerate it to see a new one (calendars subscribed to the old one then
          stop updating).
        </Text>
      ) : null}
      <FormActions>
        {url ? (
          <Button type="button" onClick={copy}>
            Copy URL
          </Button>
        ) : null}
        <Button
          type="button"
          variant={url ? 'secondary' : 'primary'}
          disabled={isLoading}
          onClick={makeUrl}
        >
          {exists ? 'Regenerate URL' : 'Create calendar URL'}
        </Button>
      </FormActions>
    </Card>
  );
}
