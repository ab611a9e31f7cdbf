import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { makeToken } from '../../test-utils/tokens';
import { decodeSessionUser } from '../../auth/decodeSessionUser';
import { createAppStore, rootReducer } from '../store';

const notes = createSlice({
  name: 'notes',
  initialState: { text: 'hello' },
  reducers: { noted: (_state, action: { payload: string }) => ({ text: action.payload }) },
});

declare module '../store' {
  export interface LazyLoadedSlices extends WithSlice<typeof notes> {}
}

describe('createAppStore', () => {
  it('holds the api cache and the session', () => {
    const state = createAppStore().getState();
    expect(state.auth).toEqual({ status: 'loading', user: null });
    expect(state.api.config.reducerPath).toBe('api');
  });

  it('starts from a preloaded session', () => {
    const user = decodeSessionUser(makeToken());
    const store = createAppStore({ auth: { status: 'authenticated', user } });
    expect(store.getState().auth.user).toEqual(user);
  });

  it('gives every store its own state', () => {
    const first = createAppStore({ auth: { status: 'anonymous', user: null } });
    const second = createAppStore();
    expect(first.getState().auth.status).toBe('anonymous');
    expect(second.getState().auth.status).toBe('loading');
  });

  it('takes slices that remotes inject later', () => {
    const store = createAppStore();
    const withNotes = rootReducer.inject(notes);
    expect(withNotes.selector((state) => state.notes)(store.getState())).toEqual({
      text: 'hello',
    });

    store.dispatch(notes.actions.noted('changed'));

    expect(store.getState().notes).toEqual({ text: 'changed' });
  });
});
