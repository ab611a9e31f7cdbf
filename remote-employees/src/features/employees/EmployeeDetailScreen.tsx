import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { selectCurrentUser, useAppSelector } from '@duly/shared/core';
import { Button, Card, EmptyState, History, ItemScreen, Stack } from '@duly/shared/ui';
import { useEmployeesGetQuery } from './api';
import { PersonDetails } from './components/PersonDetails';
import { ResendInvitationButton } from './components/ResendInvitationButton';
import { PersonWork } from './components/PersonWork';
import { displayName } from './labels';
import { employeePaths } from './paths';
import { canEditPerson, canResendInvitation, canSeeWorkOf } from './permissions';

/**
 * /employees/{employeeId}: the person (name, email, phone, department, role, status) and their
 * work, with 'Edit Employee' (and 'Resend invitation' while they have not accepted it) for those
 * who may change them. An employee sees only their own work (the API gives them nothing else),
 * so on a colleague's page the work is not offered.
 */
export function EmployeeDetailScreen() {
  const { employeeId = '' } = useParams();
  const currentUser = useAppSelector(selectCurrentUser);
  const query = useEmployeesGetQuery(employeeId);
  // "Now" for overdue and expiring: fixed when the page opens, so the counts and the rows agree.
  const [now] = useState(() => new Date());

  return (
    <ItemScreen
      query={query}
      title="Employee Details"
      heading={(person) => ({ title: displayName(person), subtitle: 'Employee Details' })}
      texts={{
        loading: 'Loading employee...',
        notFound: 'Employee not found',
        error: 'Failed to fetch user data',
      }}
      back={{ to: employeePaths.list, label: 'Back to Users' }}
      actions={(person) =>
        canEditPerson(currentUser, person) ? (
          <>
            {canResendInvitation(person) ? <ResendInvitationButton person={person} /> : null}
            <Button as={Link} to={employeePaths.edit(person.id)} variant="secondary">
              Edit Employee
            </Button>
          </>
        ) : null
      }
    >
      {(person) => (
        <Stack>
          <Card title="Details">
            <PersonDetails person={person} />
          </Card>
          {canSeeWorkOf(currentUser, person.id) ? (
            <PersonWork personId={person.id} now={now} />
          ) : (
            <EmptyState>
              Only managers and admins can see a colleague&apos;s tasks and certificates.
            </EmptyState>
          )}
          {canSeeWorkOf(currentUser, person.id) ? (
            <History entityType="employee" entityId={person.id} />
          ) : null}
        </Stack>
      )}
    </ItemScreen>
  );
}
