import { toast } from 'sonner';

/*
 * The one place the app raises toasts (SPEC §8: title and description). Sounds hook in here too.
 */
export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description });
}

export function notifyError(title: string, description?: string): void {
  toast.error(title, { description });
}

export function notifyInfo(title: string, description?: string): void {
  toast(title, { description });
}
