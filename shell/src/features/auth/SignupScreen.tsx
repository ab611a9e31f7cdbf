import { Link } from 'react-router-dom';
import { useFormik } from 'formik';
import { Button, TextField } from '@duly/shared/kit';
import { Form } from '@duly/shared/form-kit';
import {
  signupInitialValues,
  signupSchema,
  type SignupFormValues,
} from '@duly/shared/account-forms';
import { useAuth } from './AuthProvider';
import { AuthPage } from './components/AuthPage';

/**
 * /signup (spec 2): creates the organisation and its first user, signs in and
 * goes to /dashboard. A failure toasts the server's message.
 */
export function SignupScreen() {
  const { signup } = useAuth();

  const formik = useFormik<SignupFormValues>({
    initialValues: signupInitialValues,
    validationSchema: signupSchema,
    onSubmit: async (values) => {
      try {
        await signup(values);
      } catch {
        // The toast already says what went wrong; the form keeps what was typed.
      }
    },
  });

  const errorOf = (field: keyof SignupFormValues) =>
    formik.touched[field] ? formik.errors[field] : undefined;

  return (
    <AuthPage
      heading="Create your account"
      alternative={
        <>
          Or <Link to="/login">sign in instead</Link>
        </>
      }
    >
      <Form onSubmit={formik.handleSubmit} aria-label="Sign up">
        <TextField
          label="Full Name"
          autoComplete="name"
          required
          {...formik.getFieldProps('name')}
          error={errorOf('name')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...formik.getFieldProps('email')}
          error={errorOf('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...formik.getFieldProps('password')}
          error={errorOf('password')}
        />
        <TextField
          label="Organization Name"
          autoComplete="organization"
          required
          {...formik.getFieldProps('organization_name')}
          error={errorOf('organization_name')}
        />
        <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
          Sign up
        </Button>
      </Form>
    </AuthPage>
  );
}
