import { Card, DetailLabel, DetailList, DetailValue } from '@duly/shared/kit';
import { type Profile } from '@duly/shared/core';
import { roleLabel } from '../texts';

/** Who is signed in: name, email, role and organisation (read-only). */
export function AccountDetails({ profile }: { profile: Profile }) {
  return (
    <Card title="Account">
      <DetailList>
        <DetailLabel>Name</DetailLabel>
        <DetailValue>{profile.full_name ?? '-'}</DetailValue>
        <DetailLabel>Email</DetailLabel>
        <DetailValue>{profile.email}</DetailValue>
        <DetailLabel>Role</DetailLabel>
        <DetailValue>{roleLabel(profile.role)}</DetailValue>
        <DetailLabel>Organization</DetailLabel>
        <DetailValue>{profile.organization_name}</DetailValue>
      </DetailList>
    </Card>
  );
}
