import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormik } from 'formik';
import {
  Button,
  Form,
  SignInFields,
  loginInitialValues,
  loginSchema,
  type LoginFormValues,
} from '@duly/shared';
import { AUTH_TEXTS, useAuth } from './AuthProvider';
import { AuthPage, FormError } from './components/AuthPage';

/** /login (spec 2): email and password, "Sign in"; a failure shows on the form and as a toast. */
export function LoginScreen() {
  const { login } = useAuth();
  const [failed, setFailed] = useState(false);

  const formik = useFormik<LoginFormValues>({
    initialValues: loginInitialValues,
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailed(false);
      try {
        await login(values);
      } catch {
        setFailed(true);
      }
    },
  });

  return (
    <AuthPage
      heading="Sign in to the product"
      alternative={
        <>
          Or <Link to="/signup">create a new account</Link>
        </>
      }
    >
      <Form onSubmit={formik.handleSubmit} aria-label="Sign in">
        <SignInFields formik={formik} />
        {failed ? <FormError role="alert">{AUTH_TEXTS.loginFailed}</FormError> : null}
        <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
          Sign in
        </Button>
      </Form>
    </AuthPage>
  );
}
