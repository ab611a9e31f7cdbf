/**
 * The standalone page's sign-in: the shell's LoginScreen in small (formik, the shared
 * `loginSchema`, "Invalid email or password" on failure), without the shell's auth context.
 * Everything of the library comes through the package name, never a relative path: see index.ts.
 */
import { useState } from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import {
  apiErrorMessage,
  baseApi,
  Button,
  Card,
  Form,
  loggedIn,
  loginInitialValues,
  loginSchema,
  PageHeader,
  SignInFields,
  useAppDispatch,
  type AuthResponse,
  type LoginFormValues,
  type LoginPayload,
} from '@duly/shared';
import { theme } from '../ui/theme';

// Named for the standalone page only: the shell's own sign-in never shares a store with it.
const standaloneAuthApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    standaloneSignIn: build.mutation<AuthResponse, LoginPayload>({
      query: (payload) => ({ url: '/auth/login', method: 'POST', data: payload }),
    }),
  }),
});

const Failure = styled.p`
  margin: 0;
  color: ${theme.colors.error};
`;

export const SIGN_IN_FAILED = 'Invalid email or password';

export function StandaloneSignIn({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const [signIn] = standaloneAuthApi.useStandaloneSignInMutation();
  const [failure, setFailure] = useState<string>();

  const formik = useFormik<LoginFormValues>({
    initialValues: loginInitialValues,
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        const { token } = await signIn(values).unwrap();
        dispatch(loggedIn(token));
      } catch (error) {
        setFailure(apiErrorMessage(error, SIGN_IN_FAILED));
      }
    },
  });

  return (
    <Card>
      <PageHeader title="Sign in to the product" subtitle={`${name}, standalone`} />
      <Form onSubmit={formik.handleSubmit} aria-label="Sign in">
        <SignInFields formik={formik} />
        {failure ? <Failure role="alert">{failure}</Failure> : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          Sign in
        </Button>
      </Form>
    </Card>
  );
}
