import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { Button, Card, Form, FormActions, TextField } from '@duly/shared/ui';
import { apiErrorMessage, isApiError, sessionRenewed, useAppDispatch } from '@duly/shared/core';
import {
  passwordChangeInitialValues,
  passwordChangeSchema,
  type PasswordChangeFormValues,
} from '@duly/shared/account-forms';
import { useProfileChangePasswordMutation } from '../api';
import { PROFILE_TEXTS } from '../texts';

/** The API's 400 names the field (`current_password` when it is wrong): shown under it. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof PasswordChangeFormValues, string>> {
  if (!isApiError(error) || error.status !== 400) return {};
  const found: Partial<Record<keyof PasswordChangeFormValues, string>> = {};
  for (const { path } of error.data?.errors ?? []) {
    if (path === 'current_password') found.current_password = 'Current password is incorrect';
    if (path === 'new_password') found.new_password = error.data?.message;
  }
  return found;
}

/**
 * Changes one's password with the current one. Every other session ends; this one carries
 * on with the fresh token the API answers.
 */
export function PasswordSection() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [changePassword] = useProfileChangePasswordMutation();

  const formik = useFormik<PasswordChangeFormValues>({
    initialValues: passwordChangeInitialValues,
    validationSchema: passwordChangeSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await changePassword({
          current_password: values.current_password,
          new_password: values.new_password,
        }).unwrap();
        dispatch(sessionRenewed(answer.token));
        helpers.resetForm();
        enqueueSnackbar(PROFILE_TEXTS.passwordChanged, { variant: 'success' });
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error);
        if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
        else {
          enqueueSnackbar(apiErrorMessage(error, PROFILE_TEXTS.passwordFailed), {
            variant: 'error',
          });
        }
      }
    },
  });

  const errorOf = (field: keyof PasswordChangeFormValues) =>
    formik.touched[field] ? formik.errors[field] : undefined;

  return (
    <Card title="Password">
      <Form onSubmit={formik.handleSubmit} aria-label="Change password">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...formik.getFieldProps('current_password')}
          error={errorOf('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="8 to 256 characters"
          required
          {...formik.getFieldProps('new_password')}
          error={errorOf('new_password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...formik.getFieldProps('confirm_password')}
          error={errorOf('confirm_password')}
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
