import { screen } from '@testing-library/react';
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render-routes';
import { RouteErrorScreen } from './route-error';

function Broken(): never {
  throw new Error('Kaboom in a screen');
}

describe('RouteErrorScreen', () => {
  it('shows the message of an error thrown while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }], '/');
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('Kaboom in a screen')).toBeTruthy();
  });

  it('shows the status of a thrown response', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes(
      [
        {
          path: '/',
          loader: () => {
            throw data(null, { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      '/',
    );
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
  });
});
