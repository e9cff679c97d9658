import { createContext, useContext } from 'react';

export interface AppDrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** The app layout's mobile drawer; items inside it (or anywhere in the app) can close it. */
export const AppDrawerContext = createContext<AppDrawerState>({ open: false, setOpen: () => {} });

export function useAppDrawer(): AppDrawerState {
  return useContext(AppDrawerContext);
}
