import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { isNotFound } from '../../api/isNotFound';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorState } from '../ErrorState';
import { LoadingState } from '../LoadingState';
import { PageHeader } from '../PageHeader';
import { theme } from '../theme';
import { useSnackbar } from '../Toast';

const StateActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space(1)};
`;

/** What ItemScreen reads of a one-item query (`useTasksGetQuery(id)`). */
export interface ItemQuery<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  /** Asks again: the error state's Retry. */
  refetch?: () => unknown;
}

export interface ItemScreenProps<T> {
  query: ItemQuery<T>;
  /** The page title ('Task Details'), in every state. */
  title: string;
  /** Once loaded, a title of the item's own ('Asha Rao', subtitle 'Employee Details'). */
  heading?: (item: T) => { title: ReactNode; subtitle?: ReactNode };
  /** The spec's texts: 'Loading task...', 'Task not found', 'Error loading task. …'. */
  texts: { loading: string; notFound: string; error: string };
  /** Where the item's list is: the way out of not found and error ('Back to Tasks'). */
  back: { to: string; label: string };
  /**
   * The header's actions once loaded, after the back link (a detail page's Edit). Without it
   * the loaded page has no back link in its header: an edit form has its own Cancel.
   */
  actions?: (item: T) => ReactNode;
  /** The page's body for the loaded item (a Card with its details, a form keyed by its id). */
  children: (item: T) => ReactNode;
  /** A failed load (not a not found) is also said in an error toast, once per failure. */
  errorToast?: boolean;
}

/**
 * A one-item page (a detail or edit screen) in every state, in one layout: the title, then
 * 'Loading …', '… not found' (an unknown id, or another organisation's) with the back link,
 * the error text with Retry and the back link, or the item.
 */
export function ItemScreen<T>({
  query,
  title,
  heading,
  texts,
  back,
  actions,
  children,
  errorToast = false,
}: ItemScreenProps<T>) {
  const { data: item, error, isLoading, refetch } = query;
  const { enqueueSnackbar } = useSnackbar();
  const failed = errorToast && Boolean(error) && !isNotFound(error);
  useEffect(() => {
    if (failed) enqueueSnackbar(texts.error, { variant: 'error' });
  }, [failed, texts.error, enqueueSnackbar]);
  const backLink = (
    <Button as={Link} to={back.to} variant="text">
      {back.label}
    </Button>
  );

  if (isLoading || error || item === undefined) {
    let state;
    if (isLoading) state = <LoadingState>{texts.loading}</LoadingState>;
    else if (isNotFound(error)) state = <EmptyState action={backLink}>{texts.notFound}</EmptyState>;
    else {
      const retry = refetch ? (
        <Button variant="secondary" onClick={() => refetch()}>
          Retry
        </Button>
      ) : null;
      state = (
        <ErrorState
          action={
            <StateActions>
              {retry}
              {backLink}
            </StateActions>
          }
        >
          {texts.error}
        </ErrorState>
      );
    }
    return (
      <>
        <PageHeader title={title} />
        {state}
      </>
    );
  }

  const header = heading ? heading(item) : { title };
  return (
    <>
      <PageHeader
        title={header.title}
        subtitle={header.subtitle}
        actions={
          actions ? (
            <>
              {backLink}
              {actions(item)}
            </>
          ) : undefined
        }
      />
      {children(item)}
    </>
  );
}
