import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from './page-titles';

/** Sets the document title for the current path ("Agents · wadesk"), or to `title` when given. */
export function usePageTitle(title?: string) {
  const { pathname } = useLocation();
  const text = title ?? pageTitle(pathname);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
