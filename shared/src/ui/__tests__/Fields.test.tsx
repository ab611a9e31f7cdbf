import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import { createRef } from 'react';
import { DateField } from '../form/DateField';
import { DateTimeField } from '../form/DateTimeField';
import { Form } from '../form/Form';
import { Select } from '../form/Select';
import { TextArea } from '../form/TextArea';
import { TextField } from '../form/TextField';
import { theme } from '../theme';
import { renderWithTheme } from './renderWithTheme';

/** A colour as the browser writes it back (`#d32f2f` → `rgb(211, 47, 47)`). */
function normalisedColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  return probe.style.color;
}

/**
 * The border colours that rules written for `:hover` give `element` once the pointer is on it.
 * jsdom never matches `:hover`, so each such rule is tested with `:hover` taken out.
 */
function hoverBorderColours(element: Element): string[] {
  const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
  return (
    rules
      // Duck-typed: the rules come from jsdom's CSSOM, not from this realm's CSSStyleRule.
      .filter((rule): rule is CSSStyleRule => 'selectorText' in rule)
      .filter((rule) => rule.selectorText.includes(':hover'))
      .filter((rule) => element.matches(rule.selectorText.replaceAll(':hover', '')))
      .map((rule) => rule.style.getPropertyValue('border-color'))
      .filter(Boolean)
  );
}

describe('form fields', () => {
  it('label every control so it can be found by its label', () => {
    renderWithTheme(
      <Form aria-label="Create New Task">
        <TextField label="Title" name="title" />
        <TextArea label="Description" name="description" rows={4} />
        <Select
          label="Status"
          name="status"
          options={[
            { value: 'pending', label: 'Pending' },
            { value: 'completed', label: 'Completed' },
          ]}
        />
        <DateTimeField label="Due Date" name="due_date" />
        <DateField label="Expiry Date" name="expiry_date" />
      </Form>,
    );

    expect(screen.getByLabelText('Title')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Pending');
    expect(screen.getByLabelText('Due Date')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('Expiry Date')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('form', { name: 'Create New Task' })).toHaveAttribute('novalidate');
  });

  it('keep a given id and link the label to it', () => {
    renderWithTheme(<TextField label="Email address" id="signup-email" type="email" />);
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('id', 'signup-email');
    expect(input).toHaveAttribute('type', 'email');
  });

  it('show the error under the control, mark it invalid and describe it by the error', () => {
    renderWithTheme(
      <TextField
        label="Reminder Days"
        hint="Number of days before expiry to send reminders (1-365 days)"
        error="Reminder days must be between 1 and 365"
      />,
    );

    const input = screen.getByLabelText('Reminder Days');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Number of days before expiry to send reminders (1-365 days) Reminder days must be between 1 and 365',
    );
    expect(screen.getByText('Reminder days must be between 1 and 365')).toBeVisible();
  });

  it('are valid and undescribed without an error', () => {
    renderWithTheme(<Select label="Select Employee" options={[]} error={false} />);

    const select = screen.getByLabelText('Select Employee');
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).not.toHaveAttribute('aria-describedby');
  });

  it('work with formik getFieldProps and forward the ref', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    const submitted = jest.fn();

    function TitleForm() {
      const formik = useFormik({
        initialValues: { title: '', department: 'Engineering' },
        onSubmit: submitted,
      });
      return (
        <Form onSubmit={formik.handleSubmit}>
          <TextField label="Title" ref={ref} {...formik.getFieldProps('title')} />
          <Select
            label="Department"
            options={['Engineering', 'Design'].map((value) => ({ value, label: value }))}
            {...formik.getFieldProps('department')}
          />
          <button type="submit">Save</button>
        </Form>
      );
    }
    renderWithTheme(<TitleForm />);

    await user.type(screen.getByLabelText('Title'), 'Renew fire licence');
    await user.selectOptions(screen.getByLabelText('Department'), 'Design');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(ref.current).toBe(screen.getByLabelText('Title'));
    expect(submitted).toHaveBeenCalledWith(
      { title: 'Renew fire licence', department: 'Design' },
      expect.anything(),
    );
  });

  it('offer a placeholder option with an empty value', () => {
    renderWithTheme(
      <Select
        label="Employee"
        placeholder="Select Employee"
        defaultValue=""
        options={[{ value: 'u1', label: 'Asha Rao' }]}
      />,
    );
    expect(screen.getByLabelText('Employee')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Select Employee' })).toHaveValue('');
  });

  it('keep the red border of an invalid control while the pointer is on it', () => {
    renderWithTheme(
      <>
        <TextField label="Title" error="Title is required" />
        <Select label="Assigned To" error="Assigned person is required" options={[]} />
        <TextField label="Description" />
      </>,
    );
    // The rules' declarations, as written: the theme's custom properties.
    const reds = [theme.colors.error, theme.colors.errorHover].map(normalisedColour);

    for (const label of ['Title', 'Assigned To']) {
      const colours = hoverBorderColours(screen.getByLabelText(label));
      expect(colours.length).toBeGreaterThan(0);
      for (const colour of colours) expect(reds).toContain(normalisedColour(colour));
    }
    // A valid control still darkens on hover.
    expect(hoverBorderColours(screen.getByLabelText('Description')).map(normalisedColour)).toEqual([
      normalisedColour(theme.colors.text),
    ]);
  });
});
