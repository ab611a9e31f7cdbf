import { apiErrorMessage, type Employee } from '@duly/shared/core';
import { Button, useSaveThenGo, type ButtonProps } from '@duly/shared/kit';
import { useEmployeesResendInvitationMutation } from '../api';
import { displayName } from '../labels';

export const RESEND_TEXTS = {
  failed: 'Failed to send the invitation',
  sent: (email: string) => `Invitation sent to ${email}`,
} as const;

/**
 * 'Resend invitation': mails the person a new link (the old one stops working) and says how it
 * went in a toast. Offered only to those who may change the person.
 */
export function ResendInvitationButton({
  person,
  size,
  variant = 'secondary',
}: {
  person: Pick<Employee, 'id' | 'email' | 'firstName' | 'lastName' | 'full_name'>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const [resend, { isLoading }] = useEmployeesResendInvitationMutation();
  const save = useSaveThenGo({
    success: RESEND_TEXTS.sent(person.email),
    failure: (error) => apiErrorMessage(error, RESEND_TEXTS.failed),
  });

  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      disabled={isLoading}
      aria-label={size === 'small' ? `Resend invitation to ${displayName(person)}` : undefined}
      onClick={() => void save(resend(person.id))}
    >
      {isLoading ? 'Sending...' : 'Resend invitation'}
    </Button>
  );
}
