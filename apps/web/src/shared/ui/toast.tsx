import { useSyncExternalStore } from 'react';
import { ToastContainer, type ToastOptions, toast as toastify } from 'react-toastify/unstyled';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';

// The one way the app raises toasts (kinds: success, error, warn, info, plain). Import from here only:
// the unstyled build of react-toastify keeps its own store, separate from the default entry's.
export const toast = {
  success: (message: string, options?: ToastOptions) => toastify.success(message, options),
  error: (message: string, options?: ToastOptions) => toastify.error(message, options),
  warn: (message: string, options?: ToastOptions) => toastify.warn(message, options),
  info: (message: string, options?: ToastOptions) => toastify.info(message, options),
  plain: (message: string, options?: ToastOptions) => toastify(message, options),
};

/** An open modal of shared/ui/dialog (Radix marks its panel role="dialog" data-state="open"). */
const OPEN_MODAL = '[role="dialog"][data-state="open"]';

const modalOpenNow = () => document.querySelector(OPEN_MODAL) !== null;

/** Radix portals each modal straight into <body>: its children are all there is to watch. */
function subscribeToModals(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

/** Whether a modal dialog or drawer is open. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(subscribeToModals, modalOpenNow, () => false);
}

/**
 * Bottom right, top right at widths up to 767 px; light; closes on click and after 2 s. While a modal is
 * open on a phone the toasts go to the bottom, off the modal's close button.
 */
export function ToastHost() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const modal = useModalOpen();
  return (
    <ToastContainer
      position={mobile ? (modal ? 'bottom-center' : 'top-right') : 'bottom-right'}
      // Toasts raised before the modal opened keep their own position: move their container too.
      className={(context) =>
        `${context?.defaultClassName ?? ''}${mobile && modal ? ' top-auto! bottom-0!' : ''}`
      }
      theme="light"
      autoClose={2000}
      closeOnClick
      newestOnTop
    />
  );
}
