import { useSelector } from 'react-redux';
import { selectCanManage } from '../../auth/selectors';

/**
 * The `readOnlyReason` of a form that only managers and admins may submit (ARCHITECTURE 6,
 * issue 33 item 4): none for them, `reason` for anyone else, whose form is then read-only.
 *
 *     <FormScreen readOnlyReason={useManagersOnly('Only managers and admins can create tasks.')}>
 */
export function useManagersOnly(reason: string): string | null {
  return useSelector(selectCanManage) ? null : reason;
}
