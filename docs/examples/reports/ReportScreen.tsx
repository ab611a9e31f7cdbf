// src/features/reports/ReportScreen.tsx: /reports/:reportId
import { useParams } from 'react-router-dom';
import { Card, DetailFields, ItemScreen } from '@duly/shared/ui';
import { useReportsGetQuery } from './api';

export function ReportScreen() {
  const { reportId = '' } = useParams();
  return (
    <ItemScreen
      query={useReportsGetQuery(reportId)}
      title="Report"
      texts={{
        loading: 'Loading report...',
        notFound: 'Report not found',
        error: 'Error loading report.',
      }}
      back={{ to: '/reports', label: 'Back to Reports' }}
      actions={() => null}
    >
      {(report) => (
        <Card title={report.title}>
          <DetailFields
            fields={[
              { label: 'Kind', value: report.kind },
              { label: 'Summary', value: report.summary, text: true },
            ]}
          />
        </Card>
      )}
    </ItemScreen>
  );
}
