import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, dialogs and notices for code outside React (the HTTP client, the router guard) and inside it.
 * They come from antd's hook instances, which see ConfigProvider (theme, dark mode, locale), mounted by
 * <FeedbackHost> only when first needed: message, Modal and notification are ~16 KB the login page
 * would otherwise load before anyone has anything to say. A call made before the host is mounted waits
 * for it (a few milliseconds) instead of being lost.
 */
export interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
}

let current: Feedback | null = null;
const waiting: ((feedback: Feedback) => void)[] = [];
let mountHost: () => void = () => undefined;

/** AppProviders says how to mount the host; the first call that needs it does so. */
export function setFeedbackMounter(mount: () => void) {
  mountHost = mount;
  if (waiting.length) mount();
}

export function registerFeedback(feedback: Feedback | null) {
  current = feedback;
  if (feedback) for (const call of waiting.splice(0)) call(feedback);
}

/** The instance when mounted; otherwise a stand-in whose calls run once it is (their return value is not). */
function instance<K extends keyof Feedback>(kind: K): Feedback[K] {
  if (current) return current[kind];
  return new Proxy({} as Feedback[K], {
    get:
      (_target, method) =>
      (...args: unknown[]) => {
        waiting.push((feedback) => {
          const target = feedback[kind] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>;
          target[method](...args);
        });
        mountHost();
        return undefined;
      },
  });
}

export const message = () => instance('message');
export const modal = () => instance('modal');
export const notification = () => instance('notification');
