/**
 * Toast sink for the HTTP client. The desktop shell registers antd's message/notification and the
 * H5 shell antd-mobile's Toast; the client picks by the current route (docs/product.md §8).
 */
export interface Notifier {
  /** A short error message, shown for `seconds`. */
  error(msg: string, seconds: number): void;
  /** An HTTP error with a description line, shown for `seconds`. */
  httpError(msg: string, description: string, seconds: number): void;
}

const silent: Notifier = { error: () => {}, httpError: () => {} };
const notifiers: { desktop: Notifier; mobile: Notifier } = { desktop: silent, mobile: silent };

export function registerNotifier(kind: 'desktop' | 'mobile', notifier: Notifier): void {
  notifiers[kind] = notifier;
}

export function notifierFor(mobile: boolean): Notifier {
  return mobile ? (notifiers.mobile === silent ? notifiers.desktop : notifiers.mobile) : notifiers.desktop;
}
