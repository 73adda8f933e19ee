import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';

/**
 * antd's static message/modal/notification functions cannot see ConfigProvider (theme, dark mode,
 * locale). Code outside React (the axios client, the router guard) calls these accessors instead;
 * they answer the context-aware instances registered by <FeedbackBridge> once the app is mounted,
 * and the static functions before that.
 */
type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;

export function registerFeedback(feedback: Feedback | null) {
  current = feedback;
}

export function message(): Feedback['message'] {
  return current?.message ?? staticMessage;
}

export function modal(): Feedback['modal'] {
  // The static Modal has the same methods; only the hook version's results are also thenables.
  return current?.modal ?? (Modal as unknown as Feedback['modal']);
}

export function notification(): Feedback['notification'] {
  return current?.notification ?? staticNotification;
}
