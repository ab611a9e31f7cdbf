import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../Button';
import { Card } from '../Card';
import { PageHeader } from '../PageHeader';

export interface FormScreenProps {
  /** The page title ('Create New Task'). */
  title: string;
  /** The way back to the list, at the header's right ('Back to Tasks'). */
  back?: { to: string; label: string };
  /** The form, on a card. */
  children: ReactNode;
}

/** A page that is one form (a create screen): the title with the way back, the form on a card. */
export function FormScreen({ title, back, children }: FormScreenProps) {
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
      <Card>{children}</Card>
    </>
  );
}
