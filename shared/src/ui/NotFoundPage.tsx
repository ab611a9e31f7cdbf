import { Link } from 'react-router-dom';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

/**
 * "Page not found" inside the chrome. The shell shows it for a path nobody owns, a remote for
 * a path under its prefix that none of its screens owns (/tasks/1/2/3): one page, whichever app
 * answers the address.
 */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        action={
          <Button as={Link} to="/dashboard" variant="secondary">
            Go to the dashboard
          </Button>
        }
      >
        There is nothing at this address.
      </EmptyState>
    </>
  );
}
