import { type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../auth/selectors';
import type { SessionUser } from '../../contract/types';
import { FormScreen, type FormScreenProps } from './FormScreen';
import { useManagersOnly } from './useManagersOnly';
import type { SaveFormHelpers, SaveThenGoOptions, Unwrappable } from './useSaveThenGo';
import { useSubmitThenGo } from './useSubmitThenGo';

export interface CreateScreenProps<V, R> extends Pick<FormScreenProps, 'title' | 'back'> {
  /**
   * What the form says at its top to anyone below manager, who sees it read-only ('Only
   * managers and admins can create tasks.'); every route still opens for everyone (spec 6).
   */
  managersOnly: string;
  /** The create mutation's call for the form's values, made by the signed-in user. */
  send: (values: V, user: SessionUser | null) => Unwrappable<R>;
  /** The toasts and the page a save opens (`useSaveThenGo`'s options). */
  saved: SaveThenGoOptions<V, R>;
  /** The form, given its `onSubmit`. */
  children: (submit: (values: V, helpers?: SaveFormHelpers<V>) => Promise<void>) => ReactNode;
}

/**
 * A create page in one piece: `FormScreen` (the title, the way back, the form on a card,
 * read-only with its reason below manager) around a form whose submit sends the create mutation
 * and then saves as `useSaveThenGo` does (toast, the new item's page, field errors).
 */
export function CreateScreen<V, R>({
  managersOnly,
  send,
  saved,
  children,
  ...screen
}: CreateScreenProps<V, R>) {
  const user = useSelector(selectCurrentUser);
  const submit = useSubmitThenGo((values: V) => send(values, user), saved);
  return (
    <FormScreen {...screen} readOnlyReason={useManagersOnly(managersOnly)}>
      {children(submit)}
    </FormScreen>
  );
}
