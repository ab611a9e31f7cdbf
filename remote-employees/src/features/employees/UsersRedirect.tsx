import { Navigate, useParams } from 'react-router-dom';
import { employeePaths } from './paths';

/**
 * The spec's list links `/users/{id}` and `/users/{id}/edit` (spec 2) land on the canonical
 * `/employees` pages: a replacing redirect, so Back does not bounce through `/users`.
 */
export function UsersRedirect({ to }: { to: 'list' | 'detail' | 'edit' }) {
  const { employeeId = '' } = useParams();
  const target =
    to === 'list'
      ? employeePaths.list
      : to === 'detail'
        ? employeePaths.detail(employeeId)
        : employeePaths.edit(employeeId);
  return <Navigate to={target} replace />;
}
