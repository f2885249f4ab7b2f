/**
 * How non-React code (the API client) shows messages and alerts. The app installs antd's
 * context-aware `App.useApp()` functions (see FeedbackBridge), so the alerts get the zh_CN
 * locale and the brand theme; tests install a recorder.
 */
export interface AlertOptions {
  title: string;
  content: string;
  okText?: string;
  onOk?: () => void;
}

export interface Feedback {
  /** A short toast with an error icon (422). */
  error(text: string): void;
  /** A short toast with a warning icon (459). */
  warning(text: string): void;
  /** A modal alert with one button (温馨提示, timeout). */
  alert(options: AlertOptions): void;
}

// Before the React tree mounts there is no antd context; the browser's own dialog still
// tells the user what happened.
const fallback: Feedback = {
  error: (text) => window.alert(text),
  warning: (text) => window.alert(text),
  alert: ({ title, content, onOk }) => {
    window.alert(`${title}\n${content}`);
    onOk?.();
  },
};

let current: Feedback = fallback;

export function setFeedback(next: Feedback | null): void {
  current = next ?? fallback;
}

export const feedback: Feedback = {
  error: (text) => current.error(text),
  warning: (text) => current.warning(text),
  alert: (options) => current.alert(options),
};
