import { reasonOf } from '#web/lib/api-client.ts';
import { notifyError } from '#web/lib/notify.ts';

/** An error toast's title and description, exactly as product §8 lists them. */
export interface ToastText {
  readonly title: string;
  readonly description: string;
}

/**
 * The toast a failure raises: fixed text, or text made from the error (null when the form shows
 * that failure itself, such as a refused reset link). Mutations name theirs in `meta.errorToast`.
 */
export type ErrorToast = ToastText | ((error: unknown) => ToastText | null);

/** The toast titled `title` whose description is the server's message, or the general one (product §8). */
export const withReason =
  (title: string): ErrorToast =>
  (error) => ({ title, description: reasonOf(error) });

/**
 * The one path from a failed call to what the member sees: TanStack Query's MutationCache calls it
 * with each mutation's `meta.errorToast`, and the few failures outside a mutation call it directly.
 */
export function notifyFailure(error: unknown, toast: ErrorToast | undefined): void {
  const text = typeof toast === 'function' ? toast(error) : toast;
  if (text) notifyError(text.title, text.description);
}
