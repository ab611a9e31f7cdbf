/**
 * What the standalone page renders around the exposed routes: a thin header and a sign-in form,
 * standing in for the shell's chrome and login screen. The shell never loads this file.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  baseApi,
  Button,
  Card,
  Form,
  FormActions,
  loggedIn,
  loggedOut,
  PageHeader,
  selectCurrentUser,
  TextField,
  useAppDispatch,
  useAppSelector,
  type AuthResponse,
  type LoginPayload,
} from '@duly/shared';
import TasksRoutes from './routes';

// Named for the standalone page only: the shell's own sign-in never shares a store with it.
const standaloneAuthApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    standaloneSignIn: build.mutation<AuthResponse, LoginPayload>({
      query: (payload) => ({ url: '/auth/login', method: 'POST', data: payload }),
    }),
  }),
});

const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: ${({ theme }) => theme.space(0, 3)};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Content = styled.main`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)};

  ${({ theme }) => theme.media.narrow} {
    padding: ${({ theme }) => theme.space(2)};
  }
`;

function StandaloneSignIn() {
  const dispatch = useAppDispatch();
  const [signIn, { isLoading }] = standaloneAuthApi.useStandaloneSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const { token } = await signIn({ email, password }).unwrap();
      dispatch(loggedIn(token));
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Invalid email or password'));
    }
  }

  return (
    <Card>
      <PageHeader title="Sign in to the product" subtitle="remote_tasks, standalone" />
      <Form onSubmit={handleSubmit}>
        <TextField
          label="Email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failure}
        />
        <FormActions>
          <Button type="submit" disabled={isLoading}>
            Sign in
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function RequireSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  return user ? children : <Navigate to="/login" replace />;
}

export function StandaloneApp() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <TopBar>
        <span>Duly · remote_tasks (standalone)</span>
        {user ? (
          <Button variant="text" onClick={() => dispatch(loggedOut())} style={{ color: 'inherit' }}>
            Logout
          </Button>
        ) : null}
      </TopBar>
      <Content>
        <Routes>
          <Route
            path="/login"
            element={user ? <Navigate to="/tasks" replace /> : <StandaloneSignIn />}
          />
          <Route path="/" element={<Navigate to="/tasks" replace />} />
          <Route
            path="*"
            element={
              <RequireSession>
                <TasksRoutes />
              </RequireSession>
            }
          />
        </Routes>
      </Content>
    </>
  );
}
