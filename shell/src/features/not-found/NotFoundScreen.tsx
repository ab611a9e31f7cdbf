import { Link } from 'react-router-dom';
import { EmptyState } from '@duly/shared';

export const NOT_FOUND_TEXT = 'Page not found';

/** Any path nobody owns (ARCHITECTURE 2), shown inside the chrome. */
export function NotFoundScreen() {
  return (
    <EmptyState action={<Link to="/dashboard">Go to the dashboard</Link>}>
      <strong>{NOT_FOUND_TEXT}</strong>
    </EmptyState>
  );
}
