import { ToastContainer, type ToastOptions, toast as toastify } from 'react-toastify/unstyled';
import { MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query';

// The one way the app raises toasts (kinds: success, error, warn, info, plain). Import from here only:
// the unstyled build of react-toastify keeps its own store, separate from the default entry's.
export const toast = {
  success: (message: string, options?: ToastOptions) => toastify.success(message, options),
  error: (message: string, options?: ToastOptions) => toastify.error(message, options),
  warn: (message: string, options?: ToastOptions) => toastify.warn(message, options),
  info: (message: string, options?: ToastOptions) => toastify.info(message, options),
  plain: (message: string, options?: ToastOptions) => toastify(message, options),
};

/** Bottom right, top right at widths up to 767 px; light; closes on click and after 2 s. */
export function ToastHost() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <ToastContainer
      position={mobile ? 'top-right' : 'bottom-right'}
      theme="light"
      autoClose={2000}
      closeOnClick
      newestOnTop
    />
  );
}
