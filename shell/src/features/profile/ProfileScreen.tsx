import styled from 'styled-components';
import { ErrorState, LoadingState, PageHeader, theme } from '@duly/shared/kit';
import { ApiTokensSection, CalendarSection } from '../integrations';
import { EmailPreferences } from './components/EmailPreferences';
import { useProfileGetQuery } from './api';
import { AccountDetails } from './components/AccountDetails';
import { NameSection } from './components/NameSection';
import { PasswordSection } from './components/PasswordSection';
import { PROFILE_TEXTS } from './texts';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  max-width: ${theme.layout.formMaxWidth};
`;

/**
 * /profile (issue 14, beyond the spec, where Profile only closed the menu): who is signed in,
 * changing one's name and password, and which emails Duly sends (issue 15). Each section is
 * its own component.
 */
export function ProfileScreen() {
  const { data: profile, isLoading, isError } = useProfileGetQuery();

  return (
    <>
      <PageHeader title={PROFILE_TEXTS.title} subtitle={PROFILE_TEXTS.subtitle} />
      {isLoading ? <LoadingState>{PROFILE_TEXTS.loading}</LoadingState> : null}
      {isError && !profile ? <ErrorState>{PROFILE_TEXTS.loadFailed}</ErrorState> : null}
      {profile ? (
        <Sections>
          <AccountDetails profile={profile} />
          <NameSection fullName={profile.full_name} />
          <PasswordSection />
          {/* The reminders' email switches belong to the notifications feature. Further
              sections of one's own account go here, each its own component. */}
          <EmailPreferences />
          <CalendarSection role={profile.role} />
          <ApiTokensSection role={profile.role} />
        </Sections>
      ) : null}
    </>
  );
}
