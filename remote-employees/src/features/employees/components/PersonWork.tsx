import styled from 'styled-components';
import { ErrorState, LoadingState, Stack, theme } from '@duly/shared/kit';
import { useEmployeesAssignedTasksQuery, useEmployeesInChargeCertificatesQuery } from '../api';
import { countWork } from '../workSummary';
import { AssignedTasks } from './AssignedTasks';
import { InChargeCertificates } from './InChargeCertificates';
import { WorkCounts } from './WorkCounts';

const Note = styled.p`
  margin: ${theme.space(1, 0, 0)};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.caption};
`;

/** "Showing 200 of 230": said under a list only when the API holds more than one page of work. */
function partOf(shown: number, total: number, what: string) {
  return shown < total ? (
    <Note>
      Showing the first {shown} of {total} {what}; the counts above cover those shown.
    </Note>
  ) : null;
}

/**
 * The person's work: counts of open and overdue tasks and expiring certificates, then the tasks
 * assigned to them and the certificates they are in charge of (up to the API's largest page each).
 */
export function PersonWork({ personId, now }: { personId: string; now: Date }) {
  const tasks = useEmployeesAssignedTasksQuery(personId);
  const certificates = useEmployeesInChargeCertificatesQuery(personId);

  if (tasks.isError || certificates.isError)
    return <ErrorState>Failed to fetch this person&apos;s tasks and certificates</ErrorState>;
  if (!tasks.data || !certificates.data) return <LoadingState>Loading work...</LoadingState>;

  const taskPage = tasks.data;
  const certificatePage = certificates.data;
  return (
    <Stack>
      <WorkCounts counts={countWork(taskPage.items, certificatePage.items, now)} />
      <div>
        <AssignedTasks tasks={taskPage.items} now={now} />
        {partOf(taskPage.items.length, taskPage.total, 'tasks')}
      </div>
      <div>
        <InChargeCertificates certificates={certificatePage.items} now={now} />
        {partOf(certificatePage.items.length, certificatePage.total, 'certificates')}
      </div>
    </Stack>
  );
}
