import { useFormik } from 'formik';
import { Button, Card, TextField, useSnackbar } from '@duly/shared/kit';
import { Form, FormActions } from '@duly/shared/form-kit';
import { apiErrorMessage, sessionRenewed, useAppDispatch } from '@duly/shared/core';
import { profileNameSchema, type ProfileNameFormValues } from '@duly/shared/account-forms';
import { useProfileUpdateNameMutation } from '../api';
import { PROFILE_TEXTS } from '../texts';

/**
 * Changes one's full name. The answer's token carries the new name, so the top bar's
 * initials follow at once.
 */
export function NameSection({ fullName }: { fullName: string | null }) {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const [updateName] = useProfileUpdateNameMutation();

  const formik = useFormik<ProfileNameFormValues>({
    initialValues: { full_name: fullName ?? '' },
    enableReinitialize: true,
    validationSchema: profileNameSchema,
    onSubmit: async (values) => {
      try {
        const answer = await updateName({ full_name: values.full_name.trim() }).unwrap();
        dispatch(sessionRenewed(answer.token));
        enqueueSnackbar(PROFILE_TEXTS.nameSaved, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(apiErrorMessage(error, PROFILE_TEXTS.nameFailed), { variant: 'error' });
      }
    },
  });

  return (
    <Card title="Name">
      <Form onSubmit={formik.handleSubmit} aria-label="Change name">
        <TextField
          label="Full Name"
          autoComplete="name"
          required
          {...formik.getFieldProps('full_name')}
          error={formik.touched.full_name ? formik.errors.full_name : undefined}
        />
        <FormActions>
          <Button type="submit" disabled={formik.isSubmitting || !formik.dirty}>
            {formik.isSubmitting ? 'Saving...' : 'Save name'}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
