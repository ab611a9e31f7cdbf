import { useFormik } from 'formik';
import { Button, Card, useSaveThenGo } from '@duly/shared/kit';
import { Form, FormActions, PasswordFields } from '@duly/shared/form-kit';
import { apiErrorMessage, sessionRenewed, useAppDispatch } from '@duly/shared/core';
import {
  passwordChangeInitialValues,
  passwordChangeSchema,
  type PasswordChangeFormValues,
} from '@duly/shared/account-forms';
import { useProfileChangePasswordMutation } from '../api';
import { PROFILE_TEXTS } from '../texts';

/**
 * Changes one's password with the current one. Every other session ends; this one carries
 * on with the fresh token the API answers.
 */
export function PasswordSection() {
  const dispatch = useAppDispatch();
  const [changePassword] = useProfileChangePasswordMutation();
  const save = useSaveThenGo<PasswordChangeFormValues, { token: string }>({
    success: PROFILE_TEXTS.passwordChanged,
    failure: (error) => apiErrorMessage(error, PROFILE_TEXTS.passwordFailed),
    // This session carries on with the fresh token the API answers.
    onSaved: (answer) => dispatch(sessionRenewed(answer.token)),
    // The API's 400 names the field (`current_password` when it is wrong): shown under it.
    serverFields: {
      current_password: { field: 'current_password', message: 'Current password is incorrect' },
      new_password: { field: 'new_password', message: (error, own) => error.data?.message ?? own },
    },
  });

  const formik = useFormik<PasswordChangeFormValues>({
    initialValues: passwordChangeInitialValues,
    validationSchema: passwordChangeSchema,
    onSubmit: async ({ current_password, new_password }, helpers) => {
      if (await save(changePassword({ current_password, new_password }), helpers)) {
        helpers.resetForm();
      }
    },
  });

  return (
    <Card title="Password">
      <Form onSubmit={formik.handleSubmit} aria-label="Change password">
        <PasswordFields
          formik={formik}
          current={{ name: 'current_password', label: 'Current password' }}
          password={{ name: 'new_password', label: 'New password', hint: '8 to 256 characters' }}
          confirmation={{ name: 'confirm_password', label: 'Confirm new password' }}
        />
        <FormActions>
          <Button type="submit" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Changing...' : 'Change password'}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
