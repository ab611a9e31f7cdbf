import { Link } from 'react-router-dom';
import { Button, EmptyState, PageHeader } from '@duly/shared';

export const NOT_FOUND_TEXT = 'Page not found';

/** Any path nobody owns (ARCHITECTURE 2), shown inside the chrome. */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader title={NOT_FOUND_TEXT} />
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
