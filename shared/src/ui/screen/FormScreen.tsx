import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../Button';
import { Card } from '../Card';
import { PageHeader } from '../PageHeader';
import { FormReadOnlyContext } from '../form/readOnly';
import { theme } from '../theme';

const Notice = styled.p`
  margin: ${theme.space(0, 0, 2)};
  padding: ${theme.space(1.5, 2)};
  border-left: 4px solid ${theme.colors.primary};
  border-radius: ${theme.radii.control};
  background: ${theme.colors.primaryTint};
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
`;

/**
 * The sentence at the top of a screen or form that says what the person's role cannot do there
 * ('Only managers and admins can create tasks.'), in one style everywhere (issue 33 item 4).
 */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return <Notice data-testid="form-notice">{children}</Notice>;
}

export interface FormCardProps {
  /**
   * Why the signed-in person cannot submit this form ('Only managers and admins can create
   * tasks.'): said at the top, every field disabled and no submit button (issue 33 item 4).
   * Every route still opens for every signed-in person (spec 6).
   */
  readOnlyReason?: string | null;
  /**
   * A note at the top of a form the person may submit only in part ('You can change this
   * task's status; …'): the form itself disables what they may not change.
   */
  note?: ReactNode;
  /** The form. */
  children: ReactNode;
}

/**
 * A form (or a dialog's form) the person's role may not submit when `readOnlyReason` is set:
 * the reason at its top, the kit's `Form` inside disabled and without its submit button. No
 * card of its own, for dialogs and screens that draw their own.
 */
export function ReadOnlyForm({
  readOnlyReason,
  note,
  children,
}: Pick<FormCardProps, 'readOnlyReason' | 'note' | 'children'>) {
  const readOnly = Boolean(readOnlyReason);
  const notice = readOnly ? readOnlyReason : note;
  return (
    <>
      {notice ? <ReadOnlyNotice>{notice}</ReadOnlyNotice> : null}
      <FormReadOnlyContext.Provider value={readOnly}>{children}</FormReadOnlyContext.Provider>
    </>
  );
}

/** A form on a card, with the reason at its top when the person's role cannot submit it. */
export function FormCard({ children, ...reason }: FormCardProps) {
  return (
    <ReadOnlyForm {...reason}>
      <Card>{children}</Card>
    </ReadOnlyForm>
  );
}

export interface FormScreenProps extends FormCardProps {
  /** The page title ('Create New Task'). */
  title: string;
  /** The way back to the list, at the header's right ('Back to Tasks'). */
  back?: { to: string; label: string };
}

/**
 * A page that is one form (a create screen): the title with the way back, the form on a card,
 * read-only with its reason at the top when the person's role cannot submit it.
 */
export function FormScreen({ title, back, children, ...card }: FormScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          back ? (
            <Button as={Link} to={back.to} variant="secondary">
              {back.label}
            </Button>
          ) : undefined
        }
      />
      <FormCard {...card}>{children}</FormCard>
    </>
  );
}
