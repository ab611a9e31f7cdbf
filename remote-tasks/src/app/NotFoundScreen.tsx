import { Link } from 'react-router-dom';
import { Button, EmptyState, PageHeader } from '@duly/shared';

/**
 * A path under /tasks that no screen owns (/tasks/1/2/3). It looks and reads like the shell's
 * own "Page not found", so the user meets one not-found page whichever app answers the path.
 */
export function NotFoundScreen() {
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
