import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { PasswordFields } from '../form/PasswordFields';
import { renderWithTheme } from './renderWithTheme';

interface Values {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const schema = object({
  current_password: string().required('Current password is required'),
  new_password: string().min(8, 'At least 8 characters').required('New password is required'),
  confirm_password: string().required('Confirm your password'),
});

function ChangePassword({ withCurrent = true }: { withCurrent?: boolean }) {
  const formik = useFormik<Values>({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validationSchema: schema,
    onSubmit: () => undefined,
  });
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <PasswordFields
        formik={formik}
        current={withCurrent ? { name: 'current_password', label: 'Current password' } : undefined}
        password={{ name: 'new_password', label: 'New password', hint: '8 to 256 characters' }}
        confirmation={{ name: 'confirm_password', label: 'Confirm new password' }}
      />
      <button type="submit">Change</button>
    </form>
  );
}

describe('PasswordFields', () => {
  it('renders current, new and confirmation: masked, required, with autofill hints', () => {
    renderWithTheme(<ChangePassword />);
    const current = screen.getByLabelText(/^Current password/);
    const fresh = screen.getByLabelText(/^New password/);
    const again = screen.getByLabelText(/^Confirm new password/);
    for (const field of [current, fresh, again]) {
      expect(field).toHaveAttribute('type', 'password');
      expect(field).toBeRequired();
    }
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh).toHaveAttribute('autocomplete', 'new-password');
    expect(again).toHaveAttribute('autocomplete', 'new-password');
    expect(fresh).toHaveAccessibleDescription(/8 to 256 characters/);
  });

  it('leaves out the fields it is not given', () => {
    renderWithTheme(<ChangePassword withCurrent={false} />);
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toBeVisible();
  });

  it('shows each message under its field once the form is submitted, bound to the values', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ChangePassword />);
    expect(screen.queryByText('Current password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Current password is required')).toBeVisible();
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      /At least 8 characters/,
    );
    expect(screen.getByText('Confirm your password')).toBeVisible();
  });
});
