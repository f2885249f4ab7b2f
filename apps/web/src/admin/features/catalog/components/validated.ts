import type { FormInstance } from 'antd';

/**
 * The form's values once valid. An invalid form shows its messages and the promise never
 * settles, so nothing runs after it and no rejection goes unhandled.
 */
export function validated<T = Record<string, unknown>>(form: FormInstance): Promise<T> {
  return new Promise<T>((resolve) => {
    form.validateFields().then(resolve, () => undefined);
  });
}
