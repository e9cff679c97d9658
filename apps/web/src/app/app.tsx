import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/shared/api/api-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  // A session that could not be renewed (the client has already removed both tokens) ends on /login.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
